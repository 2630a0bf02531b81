//! The statistics of finished games: by game, by bot level faced and by
//! player, as `rummy stats` prints them (the figures are the engine's, in
//! `rummy::stats`).

use crate::tui::commands::{Command, ESC, LEFT, RIGHT, ch, find, page_scroll, scrolled};
use crate::tui::route::Go;
use crate::tui::store::Store;
use crate::tui::theme::Theme;
use crate::tui::widgets::block;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use std::cell::Cell;

/// The Statistics screen: the figures as read when it was opened, and how
/// far they are scrolled.
pub struct StatsScreen {
    pub stats: Option<rummy::stats::Stats>,
    pub scroll: u16,
    /// The size of the text as last drawn (columns, rows): it scrolls only
    /// if its wrapped lines are more than the rows.
    pub view: Cell<(u16, u16)>,
    /// The progress charts instead of the figures, and whose game.
    pub charts: bool,
    pub game: usize,
}

impl Default for StatsScreen {
    fn default() -> StatsScreen {
        StatsScreen {
            stats: None,
            scroll: 0,
            view: Cell::new((78, 18)),
            charts: false,
            game: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Scroll,
    Help,
    Back,
    Charts,
    Game,
}

/// What the help page says after the keys.
pub const NOTES: &str = "Every finished game is counted when it ends, in stats.jsonl in the \
data directory; deleting a save does not take it out. A draw is a shared win. An average \
score (-) is left out of a row whose games are of different kinds: their scores do not add up.";

impl StatsScreen {
    /// The screen with the figures read afresh from `store`, and what the
    /// status line is to say of them (a damaged line, a file unread).
    pub fn open(store: Option<&Store>) -> (StatsScreen, Option<String>) {
        let mut screen = StatsScreen::default();
        let Some(store) = store else {
            return (screen, None);
        };
        match store.stats() {
            Ok(stats) => {
                let notes = stats.notes(rummy::stats::STATS_FILE);
                screen.stats = Some(stats);
                (screen, (!notes.is_empty()).then(|| notes.join(" ")))
            }
            Err(e) => (screen, Some(e)),
        }
    }

    pub fn draw(&self, buf: &mut Buffer, area: Rect, theme: &Theme) {
        if self.charts
            && !theme.ascii
            && let Some((v, points)) = self.stats.as_ref().and_then(|s| s.series.get(self.game))
        {
            draw_charts(buf, area, *v, points, theme);
            return;
        }
        let text = match self.stats.as_ref() {
            Some(stats) => stats.table(),
            None => "There are no statistics without a data directory.".to_string(),
        };
        let outer = block(theme, "Statistics");
        let inner = outer.inner(area);
        self.view.set((inner.width, inner.height));
        Paragraph::new(theme.plain(&text))
            .block(outer)
            .wrap(Wrap { trim: false })
            .scroll((self.scroll, 0))
            .render(area, buf);
    }

    /// The keys of the statistics: scrolling only when the page is longer
    /// than its screen.
    pub fn commands(&self) -> Vec<Command<Action>> {
        let series = self.stats.as_ref().map_or(0, |s| s.series.len());
        let charts = self.charts && series > 0;
        vec![
            page_scroll(Action::Scroll)
                .enabled(!charts && self.lines() > usize::from(self.view.get().1)),
            Command::new(Action::Charts, &[ch('c')])
                .bar(if charts { "c figures" } else { "c charts" })
                .help(
                    "c",
                    "the progress charts of your games alone, or the figures",
                )
                .enabled(series > 0),
            Command::new(Action::Game, &[LEFT, RIGHT])
                .bar("←→ game")
                .help("← →", "the charts of another game")
                .enabled(charts && series > 1),
            Command::new(Action::Help, &[ch('?')]).bar("? help"),
            Command::new(Action::Back, &[ch('q'), ESC])
                .bar("Esc back")
                .help("q, Esc", "back to the title"),
            Command::note("Ctrl-C", "quit at once; Ctrl-Z suspends"),
        ]
    }

    /// The lines of the page, wrapped as last drawn.
    pub fn lines(&self) -> usize {
        let width = usize::from(self.view.get().0.max(1));
        let text = self.stats.as_ref().map(|s| s.table()).unwrap_or_default();
        text.lines()
            .map(|l| l.chars().count().div_ceil(width).max(1))
            .sum::<usize>()
            .max(1)
    }

    pub fn key(&mut self, key: KeyEvent) -> Go {
        let max = u16::try_from(self.lines().saturating_sub(1)).unwrap_or(u16::MAX);
        match find(&self.commands(), &key) {
            Some(Action::Scroll) => self.scroll = scrolled(self.scroll, max, &key),
            Some(Action::Help) => return Go::Help,
            Some(Action::Back) => return Go::Title,
            Some(Action::Charts) => self.charts = !self.charts,
            Some(Action::Game) => {
                let n = self.stats.as_ref().map_or(1, |s| s.series.len().max(1));
                self.game = if key.code == ratatui::crossterm::event::KeyCode::Left {
                    (self.game + n - 1) % n
                } else {
                    (self.game + 1) % n
                };
            }
            None => {}
        }
        Go::Stay
    }
}

/// One line of a chart: the player's own in the accent colour, a line to
/// compare with (a bot level, 0) dimmed and dotted.
fn series<'a>(
    name: &'a str,
    data: &'a [(f64, f64)],
    own: bool,
    theme: &Theme,
) -> ratatui::widgets::Dataset<'a> {
    use ratatui::symbols::Marker;
    use ratatui::widgets::{Dataset, GraphType};
    let (marker, style) = if own {
        (Marker::Braille, theme.accent())
    } else {
        (Marker::Dot, theme.dim())
    };
    Dataset::default()
        .name(name)
        .marker(marker)
        .graph_type(GraphType::Line)
        .style(style)
        .data(data)
}

/// The progress charts of one game: the review's accuracy of the last
/// games (lower is better) beside the bot levels' own, as lines across;
/// and the difference from the strongest bot on the same cards, beside 0.
fn draw_charts(
    buf: &mut Buffer,
    area: Rect,
    variant: rummy::VariantId,
    points: &[rummy::stats::Point],
    theme: &Theme,
) {
    use ratatui::layout::{Constraint, Layout};
    use ratatui::widgets::{Axis, Chart};
    let outer = block(theme, &format!("Progress: {}", variant.title()));
    let inner = outer.inner(area);
    outer.render(area, buf);
    let last = &points[points.len().saturating_sub(rummy::stats::CHART_GAMES)..];
    let n = last.len().max(2) as f64;
    let xs = |f: &dyn Fn(&rummy::stats::Point) -> Option<f64>| -> Vec<(f64, f64)> {
        last.iter()
            .enumerate()
            .filter_map(|(i, p)| f(p).map(|y| (i as f64 + 1.0, y)))
            .collect()
    };
    let [top, bottom] =
        Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(inner);
    let x_axis = || {
        Axis::default()
            .bounds([1.0, n])
            .labels(["oldest".to_string(), format!("last {}", last.len())])
            .style(theme.dim())
    };
    // Accuracy, and each level's as a line across.
    let acc = xs(&|p| p.accuracy);
    let levels: Vec<(String, Vec<(f64, f64)>)> = rummy::stats::level_accuracy(variant)
        .iter()
        .map(|(l, a)| {
            let text = format!("{l} {}", rummy::stats::chance_text(*a));
            (text, vec![(1.0, *a), (n, *a)])
        })
        .collect();
    let high = acc
        .iter()
        .map(|p| p.1)
        .chain(levels.iter().map(|l| l.1[0].1))
        .fold(0.0f64, f64::max)
        .max(0.001);
    let mut sets = vec![series("you", &acc, true, theme)];
    for (name, line) in &levels {
        sets.push(series(name, line, false, theme));
    }
    Chart::new(sets)
        .legend_position(Some(ratatui::widgets::LegendPosition::TopRight))
        .hidden_legend_constraints((Constraint::Percentage(60), Constraint::Percentage(100)))
        .block(
            ratatui::widgets::Block::default()
                .title(" Chance of winning lost a move (lower is better) "),
        )
        .x_axis(x_axis())
        .y_axis(
            Axis::default()
                .bounds([0.0, high * 1.1])
                .labels(["0".to_string(), format!("{:.3}", high * 1.1)])
                .style(theme.dim()),
        )
        .render(top, buf);
    // The difference from the strongest bot, and 0.
    let diff = xs(&|p| p.difference.map(|d| d as f64));
    let zero = vec![(1.0, 0.0), (n, 0.0)];
    let (lo, hi) = diff
        .iter()
        .fold((0.0f64, 0.0f64), |(l, h), p| (l.min(p.1), h.max(p.1)));
    let (lo, hi) = (lo - 1.0, hi + 1.0);
    let sets = vec![
        series("you against the strongest bot", &diff, true, theme),
        series("level", &zero, false, theme),
    ];
    Chart::new(sets)
        .legend_position(Some(ratatui::widgets::LegendPosition::TopLeft))
        .hidden_legend_constraints((Constraint::Percentage(60), Constraint::Percentage(100)))
        .block(ratatui::widgets::Block::default().title(" On the same cards (higher is better) "))
        .x_axis(x_axis())
        .y_axis(
            Axis::default()
                .bounds([lo, hi])
                .labels([format!("{lo:+.0}"), format!("{hi:+.0}")])
                .style(theme.dim()),
        )
        .render(bottom, buf);
}
