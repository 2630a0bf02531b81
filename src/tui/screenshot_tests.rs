//! The README's picture: a real frame of the screen (5 Suited Rummy at
//! 100×30 in the dark theme, a few turns in, a hint shown), drawn on the
//! test backend and written as SVG, each cell where the terminal puts it.
//! The test fails once the screen no longer draws that picture; then
//!
//!     RUMMY_SCREENSHOT=write cargo test --bin rummy readme_picture
//!
//! writes it anew (`docs/screenshot.svg`).

use super::app::{App, Screen, SetupForm};
use super::test_kit::{config_with, frame, play_the_hint, press, table};
use super::theme::Palette;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::{Color, Modifier};
use rummy::seat::{BotLevel, Seat};
use rummy::variants::VariantId;
use std::time::{Duration, Instant};

const PICTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/screenshot.svg");

/// The game in the picture: Ann against two bots, a few turns into a
/// round of seven cards, the hint asked for.
fn the_game() -> App {
    let mut app = App::new(config_with(false, Palette::Dark, true), None);
    app.setup = SetupForm::new(VariantId::FiveSuited, Some(7));
    app.setup.seats = vec![
        Seat::human("Ann"),
        Seat::bot("Ben", BotLevel::Normal),
        Seat::bot("Cleo", BotLevel::Hard),
    ];
    app.start_game();
    assert_eq!(app.screen, Screen::Table, "{:?}", app.message);
    // On to Ann's second turn of the fourth round (seven cards each).
    let mut turns = 0;
    for _ in 0..100_000 {
        let t = table(&app);
        if t.end.is_some() {
            press(&mut app, KeyCode::Enter);
            turns = 0;
        } else if t.human_to_move().is_some() {
            if t.view().hand.len() >= 7 && turns == 1 {
                break;
            }
            play_the_hint(&mut app);
            if table(&app).game.drawing(rummy::seat::SeatId(0)).is_none() {
                turns += 1;
            }
        } else {
            if t.thinking.is_some() {
                std::thread::sleep(Duration::from_millis(2));
            }
            app.tick(Instant::now() + Duration::from_secs(60));
        }
    }
    assert!(table(&app).human_to_move().is_some(), "Ann never moved");
    press(&mut app, KeyCode::Char('h'));
    app
}

#[test]
fn readme_picture_is_the_screen_as_it_draws_now() {
    let mut app = the_game();
    let drawn = svg(&frame(&mut app, 100, 30));
    if std::env::var("RUMMY_SCREENSHOT").as_deref() == Ok("write") {
        std::fs::write(PICTURE, &drawn).expect("docs/screenshot.svg written");
        return;
    }
    let kept = std::fs::read_to_string(PICTURE).unwrap_or_default();
    assert!(
        kept == drawn,
        "docs/screenshot.svg is not the screen as it draws now: \
         RUMMY_SCREENSHOT=write cargo test --bin rummy readme_picture"
    );
}

/// Each cell's size in the picture, in pixels.
const CELL_W: f32 = 9.0;
const CELL_H: f32 = 19.0;
/// The terminal's own colours (a dark background).
const FOREGROUND: &str = "#d4d4d4";
const BACKGROUND: &str = "#1e1e1e";

/// A frame as SVG: a rectangle for each run of one background, a text for
/// each run of one style, stretched to exactly its cells.
fn svg(buf: &Buffer) -> String {
    let (w, h) = (buf.area.width, buf.area.height);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" \
         viewBox=\"0 0 {pw} {ph}\">\n<rect width=\"100%\" height=\"100%\" fill=\"{BACKGROUND}\"/>\n\
         <g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"15px\">\n",
        pw = f32::from(w) * CELL_W,
        ph = f32::from(h) * CELL_H,
    );
    for y in 0..h {
        // Runs of cells of one look: (first column, cells, text, fg, bg, modifiers).
        let mut runs: Vec<(u16, u16, String, String, String, Modifier)> = Vec::new();
        for x in 0..w {
            let cell = &buf[(x, y)];
            let mut fg = hex(cell.fg, FOREGROUND);
            let mut bg = hex(cell.bg, BACKGROUND);
            if cell.modifier.contains(Modifier::REVERSED) {
                std::mem::swap(&mut fg, &mut bg);
            }
            let look = cell.modifier & (Modifier::BOLD | Modifier::DIM | Modifier::UNDERLINED);
            match runs.last_mut() {
                Some(r) if r.3 == fg && r.4 == bg && r.5 == look => {
                    r.1 += 1;
                    r.2.push_str(cell.symbol());
                }
                _ => runs.push((x, 1, cell.symbol().to_string(), fg, bg, look)),
            }
        }
        let top = f32::from(y) * CELL_H;
        for (x, n, _, _, bg, _) in &runs {
            if bg != BACKGROUND {
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{top}\" width=\"{}\" height=\"{CELL_H}\" fill=\"{bg}\"/>\n",
                    f32::from(*x) * CELL_W,
                    f32::from(*n) * CELL_W
                ));
            }
        }
        for (x, n, text, fg, _, look) in &runs {
            if text.trim().is_empty() {
                continue;
            }
            let mut attrs = String::new();
            if look.contains(Modifier::BOLD) {
                attrs.push_str(" font-weight=\"bold\"");
            }
            if look.contains(Modifier::DIM) {
                attrs.push_str(" opacity=\"0.6\"");
            }
            if look.contains(Modifier::UNDERLINED) {
                attrs.push_str(" text-decoration=\"underline\"");
            }
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"{fg}\" textLength=\"{}\" \
                 lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\"{attrs}>{}</text>\n",
                f32::from(*x) * CELL_W,
                top + CELL_H * 0.75,
                f32::from(*n) * CELL_W,
                escaped(text)
            ));
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A colour as a terminal with the usual palette shows it.
fn hex(c: Color, default: &str) -> String {
    let named = |i: u8| -> &'static str {
        [
            "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
            "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
        ][usize::from(i)]
    };
    match c {
        Color::Reset => default.to_string(),
        Color::Black => named(0).into(),
        Color::Red => named(1).into(),
        Color::Green => named(2).into(),
        Color::Yellow => named(3).into(),
        Color::Blue => named(4).into(),
        Color::Magenta => named(5).into(),
        Color::Cyan => named(6).into(),
        Color::Gray => named(7).into(),
        Color::DarkGray => named(8).into(),
        Color::LightRed => named(9).into(),
        Color::LightGreen => named(10).into(),
        Color::LightYellow => named(11).into(),
        Color::LightBlue => named(12).into(),
        Color::LightMagenta => named(13).into(),
        Color::LightCyan => named(14).into(),
        Color::White => named(15).into(),
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(i) if i < 16 => named(i).into(),
        Color::Indexed(i) if i < 232 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            let i = i - 16;
            format!(
                "#{:02x}{:02x}{:02x}",
                level(i / 36),
                level(i / 6 % 6),
                level(i % 6)
            )
        }
        Color::Indexed(i) => {
            let v = 8 + (i - 232) * 10;
            format!("#{v:02x}{v:02x}{v:02x}")
        }
    }
}
