//! Today's deal: one deal of each game a day, the same for everyone on
//! every machine and build, played against fixed bots. Its seed is made
//! from the date in UTC and the game's name alone, by arithmetic that no
//! library or platform changes ([`crate::rng::mix_seed`] over FNV-1a).

use crate::seat::BotLevel;
use crate::variant_id::VariantId;

/// The bots of today's deal: two, of this level, beside the person.
pub const DAILY_BOTS: BotLevel = BotLevel::Hard;
/// How many bots sit with the person.
pub const DAILY_BOT_SEATS: usize = 2;

/// A day of the calendar (UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// "2026-11-30"; anything else is refused in a sentence.
    pub fn parse(text: &str) -> Result<Date, String> {
        let bad = || format!("{text:?} is not a date: write it as YYYY-MM-DD, such as 2026-11-30");
        let parts: Vec<&str> = text.trim().split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let (Ok(year), Ok(month), Ok(day)) = (y.parse(), m.parse(), d.parse()) else {
            return Err(bad());
        };
        let date = Date { year, month, day };
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(format!("{text} is not a day of the calendar"));
        }
        Ok(date)
    }

    /// Today in UTC, by the system's clock.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::of_day((secs / 86_400) as i64)
    }

    /// The day `n` days after 1970-01-01 (Howard Hinnant's civil calendar).
    pub fn of_day(n: i64) -> Date {
        let z = n + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days since 1970-01-01.
    pub fn day_number(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The seed of `variant`'s deal on `date`.
pub fn daily_seed(variant: VariantId, date: Date) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in b"rummy daily ".iter().chain(variant.name().as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    crate::rng::mix_seed(h, date.day_number() as u64)
}

/// The line to share after today's deal: the game, the day, the result
/// and the strongest bot's on the same cards, and whether it was the day's
/// first try. It names no card, and no seed: "rummy daily 2026-11-30 · 5
/// Suited Rummy · 33 points · 28 behind the expert (5) · first try".
pub fn share_line(
    variant: VariantId,
    date: Date,
    you: i64,
    same: Option<&crate::duplicate::Duplicate>,
    first_try: bool,
) -> String {
    let mut line = format!("rummy daily {date} · {} · {you}", variant.title());
    if let Some(d) = same {
        let n = d.difference.unsigned_abs();
        let standing = match d.difference {
            0 => format!("level with the {}", d.level),
            x if x > 0 => format!("{n} ahead of the {}", d.level),
            _ => format!("{n} behind the {}", d.level),
        };
        line.push_str(&format!(" {} · {standing} ({})", d.scored, d.bot));
    }
    line.push_str(if first_try {
        " · first try"
    } else {
        " · replay"
    });
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calendar_goes_both_ways() {
        for n in -800_000..800_000i64 {
            if n % 97 == 0 || (-1000..1000).contains(&n) {
                assert_eq!(Date::of_day(n).day_number(), n);
            }
        }
        assert_eq!(Date::of_day(0).to_string(), "1970-01-01");
        assert_eq!(Date::parse("2026-11-30").unwrap().day_number(), 20_787);
        assert_eq!(Date::of_day(11_016).to_string(), "2000-02-29");
        assert!(Date::parse("2026-02-29").is_err());
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("2026-13-01").is_err());
        assert!(Date::parse("30/11/2026").is_err());
        assert!(Date::parse("2026-11-3").is_err());
    }
}

#[cfg(test)]
mod deal_tests {
    use super::*;
    use crate::game::Session;
    use crate::seat::Seat;

    /// The first cards of each seat's hand in `G`'s deal of `date`, as the
    /// day's table deals it.
    fn hands<G: crate::game::Playable>(date: &str) -> Vec<String> {
        let date = Date::parse(date).unwrap();
        let seats = vec![
            Seat::human("Ann"),
            Seat::bot("Bot 2", DAILY_BOTS),
            Seat::bot("Bot 3", DAILY_BOTS),
        ];
        let setup =
            crate::variants::shipped_setup::<G>(seats, daily_seed(G::VARIANT, date), &[]).unwrap();
        let game = Session::<G>::new(setup).unwrap();
        let cards = game.state().cards_in_play();
        cards.iter().take(6).map(|c| c.to_string()).collect()
    }

    /// The deal of a day is fixed: the same seeds and the same cards on
    /// every machine and build (a change here would give players of one
    /// day different deals).
    #[test]
    fn a_days_deal_is_the_same_everywhere() {
        let seeds: Vec<u64> = ["2026-11-30", "2027-01-01"]
            .iter()
            .flat_map(|d| {
                let date = Date::parse(d).unwrap();
                [VariantId::Wump, VariantId::FiveSuited].map(|v| daily_seed(v, date))
            })
            .collect();
        assert_eq!(
            seeds,
            [
                3_220_958_769_498_314_880,
                15_950_756_650_957_525_620,
                9_959_262_145_739_875_145,
                9_813_984_808_122_622_965
            ]
        );
        assert_eq!(
            hands::<crate::variants::wump::Wump>("2026-11-30"),
            ["J♣", "10♥", "8♠", "7♥", "10♦", "J♠"]
        );
        assert_eq!(
            hands::<crate::variants::five_suited::FiveSuited>("2027-01-01"),
            ["10♦", "Q♥", "5★", "4♣", "8♠", "J★"]
        );
        assert_eq!(
            hands::<crate::variants::wrummy::Wrummy>("2030-06-15"),
            ["H", "E", "J", "T", "E", "K"]
        );
        // Each game and each day its own deal.
        let date = Date::parse("2026-11-30").unwrap();
        let mut all: Vec<u64> = VariantId::ALL
            .iter()
            .map(|&v| daily_seed(v, date))
            .collect();
        all.extend(
            VariantId::ALL
                .iter()
                .map(|&v| daily_seed(v, Date::of_day(date.day_number() + 1))),
        );
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    /// The line to share names the game, the day and the figures, never a
    /// card or the seed.
    #[test]
    fn the_share_line_gives_no_card_away() {
        let date = Date::parse("2026-11-30").unwrap();
        let line = share_line(VariantId::FiveSuited, date, 37, None, true);
        assert_eq!(
            line,
            "rummy daily 2026-11-30 · 5 Suited Rummy · 37 · first try"
        );
        let seed = daily_seed(VariantId::FiveSuited, date).to_string();
        let line = share_line(VariantId::FiveSuited, date, 37, None, false);
        assert!(
            line.ends_with("· replay") && !line.contains(&seed),
            "{line}"
        );
        for suit in ['♠', '♥', '♦', '♣', '★'] {
            assert!(!line.contains(suit));
        }
    }
}
