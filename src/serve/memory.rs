//! Memory that comes back. glibc's allocator gives each thread that
//! allocates an arena of its own, up to eight per core, and keeps what is
//! freed in them for later: a server whose tables think on many threads
//! (the bots that look ahead) and then close keeps their memory resident.
//! The server asks for two arenas, and hands freed memory back to the
//! system whenever a table or a connection goes. Elsewhere (another libc or
//! system) both are no-ops.

/// At most two arenas: the hall and the runtime's threads share them.
pub fn few_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter of the allocator; it is
    // called at the start, before the server's threads allocate.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// Hands the allocator's free memory back to the system (every arena's).
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free pages the allocator holds; it
    // takes the allocator's own locks and may run beside other threads.
    unsafe {
        libc::malloc_trim(0);
    }
}
