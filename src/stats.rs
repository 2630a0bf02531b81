//! Statistics of finished games. When a game ends, one line of JSON (a
//! [`GameRecord`]: the game, its seats, the final scores and the winners, as
//! the engine's [`Outcome`] gives them, and the date) is appended to
//! `stats.jsonl` in the data directory. The figures are worked out from those
//! lines alone, so deleting a save does not change them, and a line that
//! cannot be read is skipped and reported, never fatal.

use crate::game::Outcome;
use crate::seat::{BotLevel, Seat, SeatId, SeatKind};
use crate::variant_id::VariantId;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// The file in the data directory that holds one line per finished game.
pub const STATS_FILE: &str = "stats.jsonl";

/// The record format this build writes and reads.
pub const RECORD_FORMAT: u32 = 1;

/// The largest statistics file read (a line is a few hundred bytes).
const MAX_STATS_BYTES: u64 = 64 * 1024 * 1024;

/// One finished game, as a line of the statistics file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    /// The name of the game's save file: a game recorded again (opened after
    /// its end, or taken back and finished another way) counts once, as
    /// its last record says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<String>,
    /// When the game ended, in seconds since 1970-01-01 UTC.
    pub ended: u64,
    pub variant: VariantId,
    pub seats: Vec<Seat>,
    /// Each seat's final score, in seat order.
    pub scores: Vec<i64>,
    /// The winners: one seat, or several sharing a draw.
    pub winners: Vec<SeatId>,
    /// Moves in the game's log.
    pub moves: usize,
    /// The game played again on the same cards by the strongest bot in
    /// its one person's place ([`crate::duplicate`]), once worked out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_cards: Option<SameCards>,
    /// The review's accuracy of the game's one person: the mean chance of
    /// winning lost per judged move (0 to 1), once worked out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accuracy: Option<f64>,
}

/// A game's person set beside a bot on the same cards (the figures of a
/// [`crate::duplicate::Duplicate`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SameCards {
    /// The person's seat, from 1.
    pub seat: usize,
    pub level: BotLevel,
    pub you: i64,
    pub bot: i64,
    /// How far the person finished ahead of the bot (negative: behind).
    pub difference: i64,
    pub you_won: usize,
    pub bot_won: usize,
    /// Rounds (or games of a match) compared.
    pub rounds: usize,
    /// What the scores count ("points", "cards").
    #[serde(default)]
    pub unit: String,
}

impl SameCards {
    pub fn of(d: &crate::duplicate::Duplicate) -> SameCards {
        SameCards {
            seat: d.seat,
            level: d.level,
            you: d.you,
            bot: d.bot,
            difference: d.difference,
            you_won: d.you_won,
            bot_won: d.bot_won,
            rounds: d.rounds.len(),
            unit: d.scored.clone(),
        }
    }
}

impl GameRecord {
    /// The record of a game the engine says is over, with `outcome`.
    pub fn new(
        variant: VariantId,
        seats: &[Seat],
        outcome: &Outcome,
        moves: usize,
        ended: u64,
        save: Option<String>,
    ) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT,
            save,
            ended,
            variant,
            seats: seats.to_vec(),
            scores: outcome.scores.clone(),
            winners: outcome.winners.clone(),
            moves,
            same_cards: None,
            accuracy: None,
        }
    }

    /// Whether `other` records the same end of the same saved game, whenever
    /// it was recorded.
    pub fn same_game(&self, other: &GameRecord) -> bool {
        self.save.is_some()
            && *self
                == GameRecord {
                    ended: self.ended,
                    ..other.clone()
                }
    }

    /// Whether the win was shared (or nobody won).
    pub fn is_draw(&self) -> bool {
        self.winners.len() != 1
    }

    /// The record as one line of JSON, without the line's end.
    pub fn to_line(&self) -> String {
        // invariant: every field is a plain serde type with string keys
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads one line; why not, in words, if it is not a record.
    pub fn from_line(line: &str) -> Result<GameRecord, String> {
        let record: GameRecord = serde_json::from_str(line).map_err(|e| e.to_string())?;
        if record.format != RECORD_FORMAT {
            return Err(format!(
                "it is in format {}, and this version reads format {RECORD_FORMAT}",
                record.format
            ));
        }
        if record.scores.len() != record.seats.len() {
            return Err(format!(
                "it has {} scores for {} seats",
                record.scores.len(),
                record.seats.len()
            ));
        }
        if let Some(w) = record
            .winners
            .iter()
            .find(|w| w.index() >= record.seats.len())
        {
            return Err(format!(
                "its winner is seat {}, and it has {} seats",
                w.index() + 1,
                record.seats.len()
            ));
        }
        Ok(record)
    }
}

/// The lines of a statistics file: the records, and the lines skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    pub records: Vec<GameRecord>,
    /// Each line that could not be read: its number (from 1) and why.
    pub skipped: Vec<(usize, String)>,
}

/// Reads the records of a statistics file's text; blank lines are ignored.
pub fn parse(text: &str) -> Records {
    let mut out = Records::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match GameRecord::from_line(line) {
            Ok(r) => out.records.push(r),
            Err(why) => out.skipped.push((i + 1, why)),
        }
    }
    out
}

/// Reads the statistics file at `path`; a file that is not there yet holds
/// no games. A file that is not text has its unreadable bytes replaced, so
/// its good lines still count.
pub fn read(path: &Path) -> Result<Records, String> {
    if !path.exists() {
        return Ok(Records::default());
    }
    let bytes = crate::files::read_regular(path, MAX_STATS_BYTES)
        .map_err(|e| format!("{} could not be read: {e}", path.display()))?;
    Ok(parse(&String::from_utf8_lossy(&bytes)))
}

/// Appends `record` to the statistics file at `path` (made if need be),
/// unless the file already holds the same end of the same saved game. A record is one write of
/// a whole line, so a crash leaves at worst a cut last line, which is
/// skipped when read.
pub fn append(path: &Path, record: &GameRecord) -> std::io::Result<()> {
    let old = if path.exists() {
        crate::files::read_regular(path, MAX_STATS_BYTES)
            .map_err(|e| std::io::Error::other(e.to_string()))?
    } else {
        Vec::new()
    };
    let recorded = parse(&String::from_utf8_lossy(&old));
    if recorded.records.iter().any(|r| r.same_game(record)) {
        return Ok(());
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        crate::files::private_dir(dir)?;
    }
    // A cut line left by a crash must not swallow this one.
    let mut line = if old.is_empty() || old.ends_with(b"\n") {
        String::new()
    } else {
        "\n".to_string()
    };
    line.push_str(&record.to_line());
    line.push('\n');
    let mut file = crate::files::private_append(path)?;
    file.write_all(line.as_bytes())?;
    file.sync_all()
}

/// Games, wins, draws and scores counted together.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    /// The sum of the scores counted, and how many there are.
    pub score_sum: i64,
    pub scores: u32,
    /// The game counted, while every game counted is the same one.
    pub kind: Option<VariantId>,
    /// Games of more than one kind were counted: their scores (cards, games
    /// won, points for or against) do not make one average.
    pub mixed: bool,
    /// Games played again on the same cards by the strongest bot, and the
    /// sum of the person's differences from it.
    pub same_games: u32,
    pub same_sum: i64,
    /// What those differences count ("points", "cards"), as the game says.
    pub same_unit: String,
}

impl Tally {
    /// The average score, if any score was counted and all of one game.
    pub fn avg_score(&self) -> Option<f64> {
        (self.scores > 0 && !self.mixed).then(|| self.score_sum as f64 / f64::from(self.scores))
    }

    /// The mean difference from the strongest bot on the same cards, if
    /// any game was played again, all of one game.
    pub fn same_mean(&self) -> Option<f64> {
        (self.same_games > 0 && !self.mixed)
            .then(|| self.same_sum as f64 / f64::from(self.same_games))
    }

    /// Notes a game played again on the same cards.
    fn same(&mut self, same: &SameCards) {
        self.same_games += 1;
        self.same_sum += same.difference;
        self.same_unit.clone_from(&same.unit);
    }

    /// Notes a game of `variant` counted.
    fn of(&mut self, variant: VariantId) {
        match self.kind {
            None if self.games == 0 => self.kind = Some(variant),
            Some(k) if k != variant => {
                self.kind = None;
                self.mixed = true;
            }
            _ => {}
        }
        self.games += 1;
    }

    fn score(&mut self, score: i64) {
        self.score_sum += score;
        self.scores += 1;
    }
}

/// The figures of every game recorded. In the rows by game and by bot level
/// the wins, draws and scores are the human players': a game is won when a
/// human won it alone, a draw when the win was shared, and the score is
/// the average of the human seats' scores. In the rows by player they are
/// that player's own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub games: u32,
    /// When the first and the last game recorded ended.
    pub first: Option<u64>,
    pub last: Option<u64>,
    pub by_variant: Vec<(VariantId, Tally)>,
    /// Games against at least one bot of the level.
    pub by_bot: Vec<(BotLevel, Tally)>,
    /// Each human's games, by name, most games first.
    pub by_player: Vec<(String, Tally)>,
    /// Lines of the file that could not be read: number and why.
    pub skipped: Vec<(usize, String)>,
    /// Each game's games played alone against bots, oldest first: the
    /// progress its charts show.
    pub series: Vec<(VariantId, Vec<Point>)>,
}

/// One game in a [`Stats::series`]: when it ended, the person's accuracy
/// (mean chance lost a judged move) and difference from the strongest bot
/// on the same cards, where worked out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    pub ended: u64,
    pub accuracy: Option<f64>,
    pub difference: Option<i64>,
}

/// The bot levels' own accuracy in each game: the mean chance of winning
/// lost a judged move, as the review's ladder measured it over 200 games of
/// every pairing (`review::tests::ladder`; the table in docs/BOTS.md). The
/// progress charts set a person's figure beside them.
pub fn level_accuracy(variant: VariantId) -> &'static [(BotLevel, f64)] {
    match variant {
        VariantId::Wump => &[
            (BotLevel::Easy, 0.0212),
            (BotLevel::Normal, 0.0047),
            (BotLevel::Hard, 0.00003),
        ],
        VariantId::FiveSuited => &[
            (BotLevel::Easy, 0.0128),
            (BotLevel::Normal, 0.0091),
            (BotLevel::Hard, 0.0031),
        ],
        VariantId::Wrummy => &[
            (BotLevel::Easy, 0.0985),
            (BotLevel::Normal, 0.0329),
            (BotLevel::Hard, 0.0225),
        ],
        VariantId::AlphaRummy => &[
            (BotLevel::Easy, 0.0911),
            (BotLevel::Normal, 0.0331),
            (BotLevel::Hard, 0.0329),
        ],
        VariantId::PlayOnWords => &[
            (BotLevel::Easy, 0.1037),
            (BotLevel::Normal, 0.0477),
            (BotLevel::Hard, 0.0229),
        ],
    }
}

/// A chance lost a move, to four places, or to the first figure that is
/// not 0 when it is smaller ("0.00003", not "0.0000").
pub fn chance_text(a: f64) -> String {
    if a > 0.0 && a < 0.000_05 {
        let places = (-a.log10()).ceil() as usize;
        format!("{a:.places$}")
    } else {
        format!("{a:.4}")
    }
}

/// The most games a progress chart shows: the last ones.
pub const CHART_GAMES: usize = 30;

/// `values` as a line of bars, one a value, from the lowest (▁) to the
/// highest (█) of `values` and `also` (the reference figures, so that a
/// bar can be read against them); `None` is a gap.
pub fn bars(values: &[Option<f64>], also: &[f64]) -> String {
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let all = values.iter().flatten().chain(also).copied();
    let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
        (l.min(v), h.max(v))
    });
    values
        .iter()
        .map(|v| match v {
            None => ' ',
            Some(_) if hi <= lo => BARS[3],
            Some(v) => BARS[(((v - lo) / (hi - lo)) * 7.0).round().clamp(0.0, 7.0) as usize],
        })
        .collect()
}

/// Works out the figures. A game recorded more than once (by the same save)
/// counts once, as its last record says.
pub fn aggregate(records: &Records) -> Stats {
    let mut games: Vec<&GameRecord> = Vec::new();
    for r in &records.records {
        match r.save.as_ref() {
            Some(save) => {
                if let Some(old) = games
                    .iter_mut()
                    .find(|g| g.save.as_ref() == Some(save) && g.variant == r.variant)
                {
                    *old = r;
                } else {
                    games.push(r);
                }
            }
            None => games.push(r),
        }
    }
    let mut stats = Stats {
        skipped: records.skipped.clone(),
        ..Stats::default()
    };
    for g in games {
        stats.games += 1;
        stats.first = Some(stats.first.map_or(g.ended, |f| f.min(g.ended)));
        stats.last = Some(stats.last.map_or(g.ended, |l| l.max(g.ended)));
        let human_won = !g.is_draw()
            && g.winners
                .first()
                .and_then(|w| g.seats.get(w.index()))
                .is_some_and(Seat::is_human);
        let human_scores: Vec<i64> = g
            .seats
            .iter()
            .zip(&g.scores)
            .filter(|(s, _)| s.is_human())
            .map(|(_, &sc)| sc)
            .collect();
        let count_game = |t: &mut Tally| {
            t.of(g.variant);
            t.wins += u32::from(human_won);
            t.draws += u32::from(g.is_draw());
            for &s in &human_scores {
                t.score(s);
            }
        };
        count_game(entry(&mut stats.by_variant, g.variant));
        if g.same_cards.is_some() || g.accuracy.is_some() {
            let point = Point {
                ended: g.ended,
                accuracy: g.accuracy,
                difference: g.same_cards.as_ref().map(|s| s.difference),
            };
            match stats.series.iter_mut().find(|(v, _)| *v == g.variant) {
                Some((_, points)) => points.push(point),
                None => stats.series.push((g.variant, vec![point])),
            }
        }
        if let Some(same) = &g.same_cards {
            entry(&mut stats.by_variant, g.variant).same(same);
            if let Some(seat) = g.seats.get(same.seat.wrapping_sub(1)) {
                entry(&mut stats.by_player, seat.name.clone()).same(same);
            }
        }
        for level in BotLevel::ALL {
            if g.seats.iter().any(|s| s.kind == SeatKind::Bot(level)) {
                count_game(entry(&mut stats.by_bot, level));
            }
        }
        for (i, seat) in g.seats.iter().enumerate() {
            if !seat.is_human() {
                continue;
            }
            let won = g.winners.iter().any(|w| w.index() == i);
            let t = entry(&mut stats.by_player, seat.name.clone());
            t.of(g.variant);
            t.wins += u32::from(won && !g.is_draw());
            t.draws += u32::from(won && g.is_draw());
            t.score(g.scores.get(i).copied().unwrap_or(0));
        }
    }
    stats
        .by_variant
        .sort_by_key(|(v, _)| VariantId::ALL.iter().position(|a| a == v));
    stats.by_bot.sort_by_key(|(l, _)| *l);
    stats
        .series
        .sort_by_key(|(v, _)| VariantId::ALL.iter().position(|a| a == v));
    for (_, points) in &mut stats.series {
        points.sort_by_key(|p| p.ended);
    }
    stats
        .by_player
        .sort_by(|(a, ta), (b, tb)| tb.games.cmp(&ta.games).then(a.cmp(b)));
    stats
}

fn entry<K: PartialEq>(rows: &mut Vec<(K, Tally)>, key: K) -> &mut Tally {
    let i = match rows.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            rows.push((key, Tally::default()));
            rows.len() - 1
        }
    };
    &mut rows[i].1
}

/// "24 Nov 2026": the UTC date of `secs` since 1970.
pub fn date(secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let name = MONTHS.get((month - 1) as usize).copied().unwrap_or("?");
    format!("{day} {name} {year}")
}

fn avg_text(t: &Tally) -> String {
    t.avg_score().map_or("-".to_string(), |a| format!("{a:.1}"))
}

impl Stats {
    /// The sentence shown when no game is recorded.
    pub const NONE_YET: &'static str =
        "No finished games yet: the statistics start when the first game ends.";

    /// The figures as plain text: a table by game, by bot level and by
    /// player, or a sentence if there are none.
    pub fn table(&self) -> String {
        if self.games == 0 {
            return format!("{}\n", Stats::NONE_YET);
        }
        let mut out = String::new();
        let games = if self.games == 1 { "game" } else { "games" };
        let _ = write!(out, "{} finished {games}", self.games);
        match (self.first, self.last) {
            (Some(f), Some(l)) if date(f) != date(l) => {
                let _ = write!(out, ", from {} to {}", date(f), date(l));
            }
            (Some(f), _) => {
                let _ = write!(out, ", on {}", date(f));
            }
            _ => {}
        }
        out.push_str(".\n\n");
        let head = |out: &mut String, first: &str, wins: &str| {
            let _ = writeln!(
                out,
                "{first:<16} {:>5}  {wins:>14}  {:>5}  {:>13}",
                "games", "draws", "average score"
            );
        };
        let row = |out: &mut String, name: &str, t: &Tally| {
            let name: String = name.chars().take(16).collect();
            let _ = writeln!(
                out,
                "{name:<16} {:>5}  {:>14}  {:>5}  {:>13}",
                t.games,
                t.wins,
                t.draws,
                avg_text(t)
            );
        };
        head(&mut out, "By game", "won by a human");
        for (v, t) in &self.by_variant {
            row(&mut out, v.title(), t);
        }
        if self.by_variant.iter().any(|(_, t)| t.same_games > 0) {
            let _ = writeln!(
                out,
                "\n{:<16} {:>5}  {:>22}",
                "Same cards", "games", "mean difference"
            );
            for (v, t) in self.by_variant.iter().filter(|(_, t)| t.same_games > 0) {
                let mean = t.same_mean().map_or("-".to_string(), |m| {
                    format!("{m:+.1} {}", t.same_unit).trim_end().to_string()
                });
                let _ = writeln!(out, "{:<16} {:>5}  {mean:>22}", v.title(), t.same_games);
            }
        }
        if !self.by_bot.is_empty() {
            out.push('\n');
            head(&mut out, "Against bots", "won by a human");
            for (l, t) in &self.by_bot {
                row(&mut out, l.name(), t);
            }
        }
        if !self.by_player.is_empty() {
            out.push('\n');
            head(&mut out, "By player", "wins");
            for (name, t) in &self.by_player {
                row(&mut out, name, t);
            }
        }
        out.push_str(&self.progress());
        out.push_str(
            "\nA draw is a shared win. Scores by game and against bots are the human \
             players' average final scores; in Wump Rummy, the cards claimed in the match.\n",
        );
        if self.by_variant.iter().any(|(_, t)| t.same_games > 0) {
            out.push_str(
                "Same cards: each game a person played alone, played again by the strongest \
                 bot in their seat; the difference is how far ahead of it they finished \
                 (behind when negative; in 5 Suited Rummy fewer points is ahead).\n",
            );
        }
        out
    }

    /// The progress charts: for each game played alone, the last games'
    /// accuracy (the chance of winning lost a judged move: lower is
    /// better, beside the bot levels' own) and difference from the
    /// strongest bot on the same cards (higher is better), oldest first.
    pub fn progress(&self) -> String {
        if self.series.is_empty() {
            return String::new();
        }
        let mut out =
            format!("\nProgress: your last games alone, oldest first (up to {CHART_GAMES})\n");
        for (v, points) in &self.series {
            let last = &points[points.len().saturating_sub(CHART_GAMES)..];
            let _ = writeln!(out, "{} ({} games)", v.title(), last.len());
            let acc: Vec<Option<f64>> = last.iter().map(|p| p.accuracy).collect();
            let known: Vec<f64> = acc.iter().flatten().copied().collect();
            if !known.is_empty() {
                let refs: Vec<f64> = level_accuracy(*v).iter().map(|(_, a)| *a).collect();
                let levels: Vec<String> = level_accuracy(*v)
                    .iter()
                    .map(|(l, a)| format!("{l} {}", chance_text(*a)))
                    .collect();
                let mean = known.iter().sum::<f64>() / known.len() as f64;
                let _ = writeln!(
                    out,
                    "  lost a move  {}  last {:.4}, mean {mean:.4}",
                    bars(&acc, &refs),
                    known.last().copied().unwrap_or(mean),
                );
                let _ = writeln!(out, "{:15}lower is better; {}", "", levels.join(", "));
            }
            let diff: Vec<Option<f64>> = last
                .iter()
                .map(|p| p.difference.map(|d| d as f64))
                .collect();
            let known: Vec<f64> = diff.iter().flatten().copied().collect();
            if !known.is_empty() {
                let mean = known.iter().sum::<f64>() / known.len() as f64;
                let _ = writeln!(
                    out,
                    "  same cards   {}  last {:+}, mean {mean:+.1}",
                    bars(&diff, &[0.0]),
                    known.last().copied().unwrap_or(mean)
                );
                let _ = writeln!(
                    out,
                    "{:15}higher is better; 0 is level with the strongest bot",
                    ""
                );
            }
        }
        out
    }

    /// One sentence for each line of the file that was skipped.
    pub fn notes(&self, file: &str) -> Vec<String> {
        self.skipped
            .iter()
            .map(|(line, why)| {
                format!("Line {line} of {file} could not be read ({why}), so it was skipped.")
            })
            .collect()
    }

    /// The figures as one line of JSON:
    /// `{"games", "first", "last", "by_game": [{"variant", "games", "wins",
    /// "draws", "avg_score"}], "by_bot": [{"level", ...}], "by_player":
    /// [{"name", ...}], "series": [{"variant", "games": [{"ended",
    /// "accuracy", "difference"}]}], "skipped": [{"line", "reason"}]}`;
    /// each row also carries `same_cards_games` and `same_cards_mean`.
    pub fn to_json(&self) -> String {
        let row = |key: &str, name: serde_json::Value, t: &Tally| {
            serde_json::json!({
                key: name,
                "games": t.games,
                "wins": t.wins,
                "draws": t.draws,
                "avg_score": t.avg_score(),
                "same_cards_games": t.same_games,
                "same_cards_mean": t.same_mean(),
            })
        };
        let value = serde_json::json!({
            "games": self.games,
            "first": self.first,
            "last": self.last,
            "by_game": self.by_variant.iter()
                .map(|(v, t)| row("variant", v.name().into(), t)).collect::<Vec<_>>(),
            "by_bot": self.by_bot.iter()
                .map(|(l, t)| row("level", l.name().into(), t)).collect::<Vec<_>>(),
            "by_player": self.by_player.iter()
                .map(|(n, t)| row("name", n.as_str().into(), t)).collect::<Vec<_>>(),
            "series": self.series.iter()
                .map(|(v, points)| serde_json::json!({"variant": v.name(), "games": points}))
                .collect::<Vec<_>>(),
            "skipped": self.skipped.iter()
                .map(|(line, why)| serde_json::json!({"line": line, "reason": why}))
                .collect::<Vec<_>>(),
        });
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(
        variant: VariantId,
        seats: Vec<Seat>,
        scores: &[i64],
        winners: &[u8],
        save: Option<&str>,
    ) -> GameRecord {
        let outcome = Outcome {
            winners: winners.iter().map(|&w| SeatId(w)).collect(),
            scores: scores.to_vec(),
        };
        GameRecord::new(
            variant,
            &seats,
            &outcome,
            40,
            1_700_000_000,
            save.map(String::from),
        )
    }

    fn lines(records: &[GameRecord]) -> String {
        records
            .iter()
            .map(|r| r.to_line() + "\n")
            .collect::<String>()
    }

    fn row<'a, K: PartialEq>(rows: &'a [(K, Tally)], key: &K) -> &'a Tally {
        &rows
            .iter()
            .find(|(k, _)| k == key)
            .expect("a row for the key")
            .1
    }

    #[test]
    fn wins_draws_and_a_name_seen_in_two_games() {
        let ann_bot = vec![Seat::human("Ann"), Seat::bot("Bot 2", BotLevel::Hard)];
        let ann_ben = vec![Seat::human("Ben"), Seat::human("Ann")];
        let text = lines(&[
            // Ann beats the hard bot 5 to 3.
            record(
                VariantId::Wump,
                ann_bot.clone(),
                &[5, 3],
                &[0],
                Some("a.json"),
            ),
            // Ann and Ben share the win at 120.
            record(
                VariantId::FiveSuited,
                ann_ben,
                &[120, 120],
                &[0, 1],
                Some("b.json"),
            ),
            // The bot beats Ann.
            record(VariantId::Wump, ann_bot, &[2, 5], &[1], None),
        ]);
        let stats = aggregate(&parse(&text));
        assert_eq!(stats.games, 3);
        let ann = row(&stats.by_player, &"Ann".to_string());
        assert_eq!((ann.games, ann.wins, ann.draws), (3, 1, 1));
        // Wump's games won and 5 Suited's points make no one average.
        assert_eq!(ann.avg_score(), None);
        let ben = row(&stats.by_player, &"Ben".to_string());
        assert_eq!((ben.games, ben.wins, ben.draws), (1, 0, 1));
        assert_eq!(ben.avg_score(), Some(120.0));
        // Ann, with more games, comes first.
        assert_eq!(stats.by_player[0].0, "Ann");
        let wump = row(&stats.by_variant, &VariantId::Wump);
        assert_eq!((wump.games, wump.wins, wump.draws), (2, 1, 0));
        assert_eq!(wump.avg_score(), Some(3.5));
        let five = row(&stats.by_variant, &VariantId::FiveSuited);
        assert_eq!((five.games, five.wins, five.draws), (1, 0, 1));
        let hard = row(&stats.by_bot, &BotLevel::Hard);
        assert_eq!((hard.games, hard.wins, hard.draws), (2, 1, 0));
        // Both against the hard bot are Wump: Ann's 5 and 2.
        assert_eq!(hard.avg_score(), Some(3.5));
        assert!(stats.by_bot.iter().all(|(l, _)| *l == BotLevel::Hard));
        let table = stats.table();
        assert!(
            table.contains("3 finished games, on 14 Nov 2023."),
            "{table}"
        );
        assert!(table.contains("Ann"), "{table}");
    }

    #[test]
    fn a_corrupt_line_is_skipped_with_a_note() {
        let good = record(
            VariantId::Wump,
            vec![Seat::human("Ann"), Seat::human("Ben")],
            &[4, 1],
            &[0],
            None,
        );
        let mut bad_winner = good.clone();
        bad_winner.winners = vec![SeatId(5)];
        let text = format!(
            "{}\n{{\"format\": 1, \"varia\n\n{}\n{}\n",
            good.to_line(),
            bad_winner.to_line(),
            good.to_line()
        );
        let records = parse(&text);
        assert_eq!(records.records.len(), 2);
        let lines: Vec<usize> = records.skipped.iter().map(|(l, _)| *l).collect();
        assert_eq!(lines, vec![2, 4]);
        let stats = aggregate(&records);
        assert_eq!(stats.games, 2);
        let notes = stats.notes("stats.jsonl");
        assert_eq!(notes.len(), 2);
        assert!(
            notes[0].starts_with("Line 2 of stats.jsonl could not be read ("),
            "{notes:?}"
        );
        assert!(notes[1].contains("its winner is seat 6"), "{notes:?}");
        let json: serde_json::Value =
            serde_json::from_str(&stats.to_json()).expect("the JSON reads back");
        assert_eq!(json["skipped"][0]["line"], 2);
        assert_eq!(json["by_player"][0]["name"], "Ann");
        assert_eq!(json["by_player"][0]["wins"], 2);
    }

    #[test]
    fn a_game_recorded_twice_counts_once_as_its_last_record() {
        let seats = vec![Seat::human("Ann"), Seat::bot("Bot", BotLevel::Easy)];
        let first = record(
            VariantId::Wump,
            seats.clone(),
            &[1, 5],
            &[1],
            Some("w.json"),
        );
        let again = record(VariantId::Wump, seats, &[5, 1], &[0], Some("w.json"));
        let stats = aggregate(&parse(&lines(&[first, again])));
        assert_eq!(stats.games, 1);
        let ann = row(&stats.by_player, &"Ann".to_string());
        assert_eq!((ann.games, ann.wins), (1, 1));
    }

    #[test]
    fn no_games_say_so_and_appending_skips_a_record_already_there() {
        let stats = aggregate(&Records::default());
        assert_eq!(stats.table(), format!("{}\n", Stats::NONE_YET));
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let dir = tmp.path().join("stats");
        let path = dir.join(STATS_FILE);
        assert_eq!(read(&path), Ok(Records::default()));
        let r = record(
            VariantId::Wump,
            vec![Seat::human("Ann"), Seat::human("Ben")],
            &[4, 1],
            &[0],
            Some("x.json"),
        );
        // A cut line left behind does not swallow the next record.
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(&path, "{\"format\":1,\"sa").expect("write");
        append(&path, &r).expect("append");
        let later = GameRecord {
            ended: r.ended + 60,
            ..r.clone()
        };
        append(&path, &later).expect("append again");
        let back = read(&path).expect("read");
        assert_eq!(back.records, vec![r]);
        assert_eq!(back.skipped.len(), 1);
    }

    #[test]
    fn dates_read_as_days() {
        assert_eq!(date(0), "1 Jan 1970");
        assert_eq!(date(951_782_400), "29 Feb 2000");
        assert_eq!(date(1_764_000_000), "24 Nov 2025");
    }

    /// The progress charts: one bar a game, oldest first, the last
    /// [`CHART_GAMES`]; the accuracy beside the bot levels' own figures,
    /// the same-cards difference beside 0; games recorded again count once.
    #[test]
    fn progress_charts_one_bar_a_game_oldest_first() {
        let seats = || vec![Seat::human("Ann"), Seat::bot("Bot", BotLevel::Hard)];
        let mut recs = Vec::new();
        for i in 0..35u64 {
            let save = format!("five-{i}.json");
            let mut r = record(VariantId::FiveSuited, seats(), &[10, 20], &[0], Some(&save));
            r.ended = 1_700_000_000 + i;
            recs.push(r.clone());
            // Recorded again once worked out: better and better.
            r.accuracy = Some(0.05 - i as f64 * 0.001);
            r.same_cards = Some(SameCards {
                seat: 1,
                level: BotLevel::Expert,
                you: 10,
                bot: 10 + i as i64,
                difference: i as i64 - 20,
                you_won: 1,
                bot_won: 0,
                rounds: 1,
                unit: "points".into(),
            });
            recs.push(r);
        }
        let stats = aggregate(&parse(&lines(&recs)));
        assert_eq!(stats.games, 35);
        let (_, points) = &stats.series[0];
        assert_eq!(points.len(), 35);
        assert!(points.windows(2).all(|w| w[0].ended < w[1].ended));
        let text = stats.progress();
        let chart = |label: &str| -> String {
            let line = text.lines().find(|l| l.contains(label)).expect(label);
            assert!(line.chars().count() <= 78, "{line}");
            line.chars()
                .filter(|c| ('\u{2581}'..='\u{2588}').contains(c))
                .collect()
        };
        let acc = chart("lost a move");
        let same = chart("same cards");
        assert_eq!(acc.chars().count(), CHART_GAMES);
        assert_eq!(same.chars().count(), CHART_GAMES);
        // Accuracy falls, the difference rises: the bars say so.
        assert!(acc.chars().next() > acc.chars().last(), "{acc}");
        assert_eq!(same.chars().last(), Some('\u{2588}'), "{same}");
        assert!(text.contains("last +14, mean -0.5"), "{text}");
        assert!(text.contains("hard 0.0031"), "{text}");
        assert_eq!(chance_text(0.00003), "0.00003");
        assert_eq!(chance_text(0.0212), "0.0212");
        assert_eq!(chance_text(0.0), "0.0000");
        assert!(stats.table().contains(&text));
    }
}
