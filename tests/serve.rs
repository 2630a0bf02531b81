//! `rummy serve` over real SSH connections on a loopback port.

mod net;

use net::{Client, DOWN, LEFT, Server, fresh_dir, table_code};

/// Ann makes a 5 Suited table for two people and one round; Ben joins it
/// with its code.
fn two_at_a_table(server: &Server) -> (Client, Client, String) {
    let ann = Client::connect(server.port, "ann");
    ann.wait_for("New table");
    ann.keys("\r");
    ann.wait_for("Seat 2");
    // 5 Suited Rummy; seat 2 a person; one round.
    ann.keys(LEFT);
    ann.wait_for("5 Suited Rummy");
    ann.keys(&format!("{DOWN}{DOWN}{DOWN}{LEFT}{LEFT}"));
    ann.wait_for("Player 2");
    ann.keys(&format!("{DOWN}{DOWN}\r1\r"));
    ann.wait_for("< 1 >");
    ann.keys("s");
    ann.wait_for("Table password");
    ann.keys("\r");
    let code = table_code(&ann);
    let ben = Client::connect(server.port, "ben");
    ben.wait_for("Join a table");
    ben.keys(&format!("{DOWN}\r"));
    ben.wait_for(&code);
    ben.keys(&format!("{code}\r"));
    ben.wait_for("ann ·");
    ann.wait_for("ben ·");
    (ann, ben, code)
}

#[test]
fn two_people_sit_at_one_table_and_see_only_their_own_hands() {
    let dir = fresh_dir("sit");
    let server = Server::start(&dir, &[]);
    let (ann, ben, code) = two_at_a_table(&server);
    let a = ann.text();
    let b = ben.text();
    assert!(a.contains("ann (you)"), "{a}");
    assert!(b.contains("ben (you)"), "{b}");
    assert!(a.contains(&format!("Table {code}")), "{a}");
    // The table is saved with its game.
    assert!(
        dir.join("tables")
            .join(format!("{code}.table.json"))
            .exists()
    );
}
