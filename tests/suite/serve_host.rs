//! `rummy serve --play`: the host plays in the server's own terminal.

use crate::kit;
use crate::net;

/// `rummy serve --play` on any free loopback port, in a pseudo-terminal of
/// 80×24, the host playing as `name`.
fn host(dir: &std::path::Path, name: &str) -> kit::Screen {
    let args = ["serve", "--listen", "127.0.0.1:0", "--play", "--name", name];
    kit::spawn(&args, &[], (80, 24), dir)
}

#[test]
fn the_host_plays_in_the_servers_terminal_and_quitting_stops_the_server() {
    let tmp = kit::fresh_dir("serve-host");
    let dir = tmp.path();
    let mut host = host(dir, "hostess");
    let shown = host.wait_for("Others join with ssh -p");
    assert!(
        shown.contains("(host key") && shown.contains("SHA256:"),
        "{shown}"
    );
    assert!(shown.contains("Quitting"), "{shown}");
    assert!(shown.contains("New table"), "{shown}");
    // The port, from "Others join with ssh -p PORT NAME@127.0.0.1."
    let at = shown.find("ssh -p ").expect("the address") + "ssh -p ".len();
    let port: u16 = shown[at..]
        .split_whitespace()
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    let guest = net::Client::connect(port, "guest");
    guest.wait_for("Join a table");
    // The host makes a table; the guest sees it on the Join screen.
    host.send("\r");
    host.wait_for("Seat 2");
    // Seat 2 for a person.
    host.send(&format!("{d}{d}{d}{l}{l}", d = net::DOWN, l = net::LEFT));
    host.wait_for("Player 2");
    host.send("s");
    host.wait_for("Table password");
    host.send("\r");
    let waiting = host.wait_for("Waiting for 1 more person");
    assert!(waiting.contains("hostess (you)"), "{waiting}");
    guest.keys(&format!("{}\r", net::DOWN));
    guest.wait_for("hostess · 1 of 2 people");
    // Quitting the host's screen stops the server: the guest is told.
    host.send("\x1b");
    host.wait_for("Five rummy games");
    // With a guest on, the first q only says what quitting does.
    host.send("q");
    host.wait_for("stops the server for everyone");
    host.send("q");
    let said = guest.wait_closed();
    assert!(said.contains("The server is stopping"), "{said}");
    assert_eq!(host.exit_code(), 0);
}

#[test]
fn a_hung_up_host_terminal_stops_the_server_with_its_tables_saved() {
    let tmp = kit::fresh_dir("serve-host-hangup");
    let dir = tmp.path();
    let host = host(dir, "hal");
    host.wait_for("Others join with ssh -p");
    // The terminal goes (the reader lets go after the frame ↓ draws).
    let code = host.hang_up_after(net::DOWN);
    assert_eq!(code, 0);
    let log = std::fs::read_to_string(dir.join("rummy.log")).expect("a log");
    assert!(log.contains("stopping on signal"), "{log}");
    assert!(log.contains("server stopped"), "{log}");
}
