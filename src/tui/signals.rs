//! Signals while the screen runs. SIGTERM, SIGHUP, SIGINT and SIGQUIT ask
//! the run loop to stop as quitting does (save, give the terminal back); a
//! second SIGTERM, SIGINT or SIGQUIT while that is under way ends the
//! program at once. SIGTSTP (a `kill -TSTP`; Ctrl-Z itself arrives as a key
//! in raw mode) suspends the screen cleanly, and SIGCONT (after any stop,
//! SIGSTOP too) takes the terminal again (raw mode, the alternate screen,
//! mouse reporting) and redraws it. The handlers only set flags; the run
//! loop reads them between frames.

#[cfg(unix)]
mod imp {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
    use signal_hook::flag;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    /// The signals that stop the program as quitting does. SIGQUIT's own
    /// action (a core dump) would leave the terminal raw, on the alternate
    /// screen and reporting the mouse.
    const STOPS: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

    /// How long the run loop has to stop after a stop signal.
    const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

    #[derive(Default)]
    pub struct Signals {
        stop: Arc<AtomicUsize>,
        armed: Arc<AtomicBool>,
        suspend: Arc<AtomicBool>,
        resumed: Arc<AtomicBool>,
    }

    impl Signals {
        /// Installs the handlers; a signal that cannot be caught keeps its
        /// default action (and the reason goes to the log).
        pub fn install() -> Signals {
            let s = Signals::default();
            let mut problems = Vec::new();
            for sig in STOPS {
                // A second SIGTERM, SIGINT or SIGQUIT while the first is handled ends
                // the program at once (the shutdown goes first, so it fires
                // only on a second signal). Not SIGHUP: a hang-up sends it
                // twice, from the shell and from the terminal.
                let r = if sig == SIGHUP {
                    Ok(())
                } else {
                    flag::register_conditional_shutdown(sig, 128 + sig, s.armed.clone()).map(drop)
                };
                let r = r
                    .and_then(|()| flag::register(sig, s.armed.clone()))
                    .and_then(|_| flag::register_usize(sig, s.stop.clone(), sig as usize));
                if let Err(e) = r {
                    problems.push(format!("signal {sig}: {e}"));
                }
            }
            // The run loop stops between frames, but a hung-up terminal can
            // keep crossterm's reader spinning for ever (it reads end of
            // file again and again), and the loop never comes round. So a
            // stop signal also starts a watch: if the program is still
            // running after `GRACE`, it ends here. Every move was saved as
            // it was made (and if saves were failing, the log says so).
            match signal_hook::iterator::Signals::new(STOPS) {
                Ok(mut signals) => {
                    std::thread::spawn(move || {
                        if let Some(sig) = signals.forever().next() {
                            std::thread::sleep(GRACE);
                            // A closed terminal is how a screen often ends:
                            // no failure, as every move was saved when made.
                            if sig == SIGHUP {
                                tracing::info!("stopped by {}: the terminal was closed", name(sig));
                            } else {
                                tracing::warn!(
                                    "stopped by {}: the screen did not stop within {} s",
                                    name(sig),
                                    GRACE.as_secs()
                                );
                            }
                            signal_hook::low_level::exit(128 + sig);
                        }
                    });
                }
                Err(e) => problems.push(format!("the stop signals' watch: {e}")),
            }
            if let Err(e) = flag::register(SIGTSTP, s.suspend.clone()) {
                problems.push(format!("SIGTSTP: {e}"));
            }
            if let Err(e) = flag::register(SIGCONT, s.resumed.clone()) {
                problems.push(format!("SIGCONT: {e}"));
            }
            for p in problems {
                tracing::warn!("cannot catch {p}");
            }
            s
        }

        /// The signal that asked the program to stop, if one has.
        pub fn stop(&self) -> Option<i32> {
            match self.stop.load(Ordering::SeqCst) {
                0 => None,
                n => i32::try_from(n).ok(),
            }
        }

        /// Whether a SIGTSTP came since the last call.
        pub fn take_suspend(&self) -> bool {
            self.suspend.swap(false, Ordering::SeqCst)
        }

        /// Whether a SIGCONT came since the last call.
        pub fn take_resumed(&self) -> bool {
            self.resumed.swap(false, Ordering::SeqCst)
        }
    }

    /// Stops the process as SIGTSTP's default action would; returns once it
    /// is continued (`fg`).
    pub fn stop_self() {
        if let Err(e) = signal_hook::low_level::emulate_default_handler(SIGTSTP) {
            tracing::warn!("could not suspend: {e}");
        }
    }

    pub fn name(sig: i32) -> String {
        signal_hook::low_level::signal_name(sig)
            .map_or_else(|| format!("signal {sig}"), str::to_string)
    }
}

#[cfg(not(unix))]
mod imp {
    /// No signals to catch here: the console's own Ctrl-C is a key.
    #[derive(Default)]
    pub struct Signals;

    impl Signals {
        pub fn install() -> Signals {
            Signals
        }
        pub fn stop(&self) -> Option<i32> {
            None
        }
        pub fn take_suspend(&self) -> bool {
            false
        }
        pub fn take_resumed(&self) -> bool {
            false
        }
    }

    pub fn stop_self() {}

    pub fn name(sig: i32) -> String {
        format!("signal {sig}")
    }
}

pub use imp::{Signals, name, stop_self};

/// Whether this platform can suspend the program (Ctrl-Z).
pub const CAN_SUSPEND: bool = cfg!(unix);
