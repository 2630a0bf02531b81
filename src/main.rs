//! The `rummy` command: the game, and the tools around it.

// Without the server (`--no-default-features`) the screen's side of it (the
// Join and waiting screens, a table's seat online) is never made; the
// default build, which has the server, checks that all code is used.
#![cfg_attr(not(feature = "serve"), allow(dead_code))]

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use rummy::dict::Dictionary;
use rummy::rules::parse_assignment;
use rummy::seat::BotLevel;
use rummy::sim::{SimConfig, simulate};
use rummy::variants::{RulesSource, VariantId, effective_rules};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

#[cfg(feature = "serve")]
mod serve;
mod tui;

#[derive(Parser, Debug)]
#[command(
    name = "rummy",
    version,
    about = "Five rummy-style card games in the terminal",
    long_about = "Five rummy-style card games in the terminal: Wump Rummy, 5 Suited Rummy, \
                  Wrummy 3-4-5, AlphaRummy 500 and Play On Words Rummy.\n\n\
                  Game names: wump, five-suited, wrummy, alpharummy, play-on-words."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

/// How the game screen starts (`rummy` with no command).
#[derive(clap::Args, Debug, Clone)]
struct PlayArgs {
    /// Resume the last unfinished game at once.
    #[arg(long = "continue")]
    resume: bool,
    /// Draw with plain ASCII: S H D C suits (T for 5 Suited's stars) and
    /// +-| borders.
    #[arg(long)]
    ascii: bool,
    /// The colours: for a dark background, a light one, or Okabe-Ito orange
    /// and blue with bold marks. Without it: the config file's theme, else
    /// what COLORFGBG says of the background, else dark.
    #[arg(long, value_enum, value_name = "THEME")]
    theme: Option<tui::theme::Palette>,
    /// The same as --theme high-contrast.
    #[arg(long, conflicts_with = "theme")]
    high_contrast: bool,
    /// Read the screen's settings from this file instead of
    /// $XDG_CONFIG_HOME/rummy/config.toml (~/.config/rummy/config.toml).
    #[arg(long, value_name = "PATH")]
    config: Option<PathBuf>,
    /// No pause before the bots' moves.
    #[arg(long)]
    fast: bool,
    /// The pause before each bot move, in milliseconds (default 700, or the
    /// config file's bot_pause_ms).
    #[arg(long, value_name = "MS")]
    pause_ms: Option<u64>,
    /// The seed of new games (otherwise a fresh one, shown once a game with
    /// hidden hands is over, and throughout a game without them).
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Where saves and the log live. Without it: RUMMY_DATA_DIR if set, else
    /// the user's data directory (such as ~/.local/share/rummy).
    #[arg(long, value_name = "PATH")]
    data_dir: Option<PathBuf>,
    #[command(flatten)]
    dict: DictArgs,
}

/// Options shared by the commands that set up a game.
#[derive(clap::Args, Debug, Clone)]
struct RulesArgs {
    /// Read the variant's rules from this TOML file instead of the shipped one.
    #[arg(long, value_name = "PATH")]
    rules: Option<PathBuf>,
    /// Change one option of the rules (repeatable), such as -o match_target=3.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE", value_parser = Offered(option_settings), hide_possible_values = true)]
    options: Vec<String>,
}

#[derive(clap::Args, Debug, Clone)]
struct DictArgs {
    /// Use this word list (one word a line) instead of the shipped one.
    #[arg(long, value_name = "PATH")]
    dict: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Say for each word whether it is legal, and why not; exit 1 if any is not.
    Check {
        #[arg(required = true, value_name = "WORD")]
        words: Vec<String>,
        #[command(flatten)]
        dict: DictArgs,
    },
    /// Print the effective rules of a game (the rules file plus options), or
    /// list the games.
    Rules {
        #[arg(value_name = "VARIANT", value_parser = GameName)]
        variant: Option<VariantId>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Say what laying a word, an add-on or a play-on scores and why
    /// (AlphaRummy 500, Play On Words Rummy), for playing with real cards;
    /// exit 1 if it may not be laid.
    Score {
        #[arg(value_name = "VARIANT", value_parser = GameName)]
        variant: VariantId,
        /// The word laid from hand; with --on, the word an add-on makes.
        #[arg(value_name = "WORD")]
        word: String,
        /// An add-on or play-on: the word on the table that WORD grows from,
        /// such as --on FIEND FRIEND; words combined are named with commas,
        /// --on BOOM,RANG BOOMERANG.
        #[arg(long, value_name = "OLD")]
        on: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
        #[command(flatten)]
        dict: DictArgs,
    },
    /// Play bot-only games without a screen and report the figures.
    Simulate {
        #[arg(value_name = "VARIANT", value_parser = GameName)]
        variant: VariantId,
        /// How many games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed of the first game; the same seed gives the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// One bot level per seat, such as hard,easy or normal,normal,hard.
        #[arg(long, value_delimiter = ',', required = true, value_name = "LEVEL,...", value_parser = Offered(level_names), hide_possible_values = true)]
        bots: Vec<String>,
        /// Print one line of JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Write each game as a save in this folder (made if missing), named
        /// by the game and its seed, to replay or review it.
        #[arg(long, value_name = "DIR")]
        save_dir: Option<PathBuf>,
        #[command(flatten)]
        rules: RulesArgs,
        #[command(flatten)]
        dict: DictArgs,
    },
    /// Print the shell's completion script for rummy, such as
    /// `rummy completions bash > ~/.local/share/bash-completion/completions/rummy`.
    Completions {
        /// bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
    /// Print rummy's manual page (roff), such as `rummy man > rummy.1`; with
    /// --dir, write it and the page of every command it names into a folder.
    Man {
        /// Write rummy.1 and rummy-COMMAND.1 for each command into this
        /// folder (made if missing), such as ~/.local/share/man/man1.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Print the statistics of finished games: by game, by bot level faced
    /// and by player.
    Stats {
        /// Print one line of JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Where saves and the statistics live (as for the game screen).
        #[arg(long, value_name = "PATH")]
        data_dir: Option<PathBuf>,
    },
    /// Play across terminals: everyone joins with `ssh -p PORT NAME@HOST`
    /// and plays on their own screen, their hand seen by nobody else.
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Replay a saved game move by move on the screen (← → a move, Home the
    /// start, End the end, q quits).
    Replay {
        /// The save file, such as ~/.local/share/rummy/saves/wump-1700000000.json.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// "How did I play?": every move of a saved game that had a choice,
    /// judged from its player's own view beside the best move the engine
    /// finds there, with a verdict (best, good, inaccuracy, mistake) and
    /// why.
    Review {
        /// The save file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Print one line of JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Judge the bots' moves too, not only the people's.
        #[arg(long)]
        all: bool,
    },
    /// Today's deal: one deal of each game a day (UTC), the same for
    /// everyone on every machine, against two hard bots; at its end the
    /// expert's result on the same cards and a line to share that shows no
    /// card. The day's first try counts; later ones are marked as replays.
    Daily {
        /// The game (without it, choose on the screen).
        #[arg(value_name = "GAME", value_parser = GameName)]
        game: Option<VariantId>,
        /// Another day's deal, as YYYY-MM-DD (with --show-seed).
        #[arg(long, value_name = "YYYY-MM-DD", requires = "show_seed")]
        date: Option<String>,
        /// Print the day's seed of the game (of every game without one)
        /// and do not play. The seed gives the deal away: it is for checking
        /// that everyone has the same.
        #[arg(long)]
        show_seed: bool,
    },
    /// Your slips to solve again: the positions of your games played alone
    /// where the review found a mistake or an inaccuracy, mistakes first,
    /// newest first (their answers are not printed: "Practise your slips"
    /// on the title asks them).
    Drills {
        /// Print one line of JSON instead of text.
        #[arg(long)]
        json: bool,
        /// The data directory (the game's own --data-dir, or its default).
        #[arg(long, value_name = "PATH")]
        data_dir: Option<PathBuf>,
    },
    /// "How would the expert have done?": a saved game played again on the
    /// same cards by a bot in one seat's place, the bots playing as they
    /// did, and the two results side by side, round by round. The luck of
    /// the deal is the same for both.
    Duplicate {
        /// The save file.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The seat to compare, numbered from 1 as the review numbers them
        /// (default: the game's one person).
        #[arg(long, value_name = "N")]
        seat: Option<usize>,
        /// The bot that plays the seat again (default: the game's strongest).
        #[arg(long, value_name = "LEVEL", value_parser = Offered(level_names), hide_possible_values = true)]
        level: Option<String>,
        /// Print one line of JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// `rummy duplicate FILE`: the save's seat beside a bot's on the same
/// cards, as text or one line of JSON. A file that cannot be read or
/// replayed is said, and left as it is.
fn duplicate(
    file: &std::path::Path,
    seat: Option<usize>,
    level: Option<&str>,
    json: bool,
) -> Result<ExitCode> {
    let name = file.display().to_string();
    let level = level
        .map(|l| {
            l.parse::<rummy::seat::BotLevel>().map_err(|_| {
                anyhow::anyhow!(
                    "there is no bot level {l:?}: the levels are {}",
                    rummy::seat::level_names(&rummy::seat::BotLevel::ALL)
                )
            })
        })
        .transpose()?;
    let bytes = rummy::files::read_regular(file, 16 * 1024 * 1024)
        .map_err(|e| anyhow::anyhow!("{name} could not be read: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{name} is not text, so it is not a save file"))?;
    // On a terminal, a line that says how far the game has come again.
    let mut err = std::io::stderr();
    let tty = std::io::IsTerminal::is_terminal(&err);
    let mut said = false;
    let mut progress = |moves: usize| {
        if tty && moves.is_multiple_of(10) {
            said = true;
            let _ = write!(err, "\rPlaying again: {moves} moves");
            let _ = err.flush();
        }
    };
    let result = rummy::duplicate::duplicate_save(&text, &name, seat, level, &mut progress);
    if tty && said {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    let result = result.map_err(anyhow::Error::msg)?;
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", result.to_json())?;
    } else {
        write!(out, "{result}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `rummy review FILE`: the review of a save, as text or one line of JSON.
/// A file that cannot be read or replayed is said, and left as it is.
fn review(file: &std::path::Path, json: bool, all: bool) -> Result<ExitCode> {
    let name = file.display().to_string();
    let bytes = rummy::files::read_regular(file, 16 * 1024 * 1024)
        .map_err(|e| anyhow::anyhow!("{name} could not be read: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{name} is not text, so it is not a save file"))?;
    let who = if all {
        rummy::review::Judged::All
    } else {
        rummy::review::Judged::People
    };
    // On a terminal, a line that says how far the review has come; it is
    // cleared before the review is printed.
    let mut err = std::io::stderr();
    let tty = std::io::IsTerminal::is_terminal(&err);
    let mut shown = 0;
    let mut progress = |done: usize, total: usize| {
        let percent = done * 100 / total.max(1);
        if tty && percent >= shown + 5 {
            shown = percent;
            let _ = write!(
                err,
                "\rReviewing: {done} of {total} moves judged ({percent}%)"
            );
            let _ = err.flush();
        }
    };
    let review = rummy::review::review_save_with(&text, &name, who, &mut progress);
    if tty && shown > 0 {
        let _ = write!(std::io::stderr(), "\r\x1b[2K");
    }
    let review = review?;
    // Written, not printed: a reader that stops early (`rummy review FILE |
    // head`) ends the command quietly instead of in a panic.
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", review.to_json())?;
    } else {
        write!(out, "{review}")?;
        if review.moves.is_empty() && !all {
            writeln!(
                out,
                "Only people's moves are judged. To judge the bots' as well:"
            )?;
            writeln!(out, "  rummy review --all {name}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `rummy stats`: the figures of every finished game recorded in the data
/// directory, as a table or one line of JSON; a line of the file that
/// cannot be read is said on stderr and skipped.
fn stats(data_dir: Option<&std::path::Path>, json: bool) -> Result<ExitCode> {
    let Some(dir) = tui::store::data_dir(data_dir) else {
        bail!("there is no data directory, so there are no statistics; name one with --data-dir");
    };
    // A directory named by hand that is not one is said, not taken for
    // one where nothing was played yet.
    if data_dir.is_some() {
        match std::fs::metadata(&dir) {
            Ok(m) if !m.is_dir() => {
                bail!("{} is a file, not a data directory", dir.display())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
                "there is no folder {}: name the data directory the games were played with",
                dir.display()
            ),
            Err(e) => bail!("{} could not be read: {e}", dir.display()),
            Ok(_) => {}
        }
    }
    let path = dir.join(rummy::stats::STATS_FILE);
    let records = rummy::stats::read(&path).map_err(anyhow::Error::msg)?;
    let figures = rummy::stats::aggregate(&records);
    for note in figures.notes(&path.display().to_string()) {
        eprintln!("rummy: {note}");
    }
    if json {
        println!("{}", figures.to_json());
    } else {
        print!("{}", figures.table());
    }
    Ok(ExitCode::SUCCESS)
}

/// A game's name on the command line: parsed by the registry, which also
/// gives the shells' completion the names to offer.
#[derive(Clone)]
struct GameName;

impl clap::builder::TypedValueParser for GameName {
    type Value = VariantId;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<VariantId, clap::Error> {
        value
            .to_string_lossy()
            .parse::<VariantId>()
            .map_err(|m| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{m}\n")))
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(VariantId::ALL.into_iter().map(|v| {
            clap::builder::PossibleValue::new(v.name()).help(v.title())
        })))
    }
}

/// A value taken as typed and checked where it is used, with the values
/// the shells' completion offers for it: the bot levels after `--bots`
/// ([`level_names`]), every game's options after `-o`
/// ([`option_settings`]).
#[derive(Clone)]
struct Offered(fn() -> &'static [&'static str]);

impl clap::builder::TypedValueParser for Offered {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)()
                .iter()
                .map(|&v| clap::builder::PossibleValue::new(v)),
        ))
    }
}

/// The bot levels, by name.
fn level_names() -> &'static [&'static str] {
    static ALL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        rummy::seat::BotLevel::ALL
            .iter()
            .map(|l| l.name())
            .collect()
    })
}

/// Every game's options as `-o` takes them: `NAME=` for a number, each
/// `NAME=WORD` for a word. Made once a run (a completion script).
fn option_settings() -> &'static [&'static str] {
    static ALL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<String> = Vec::new();
        for id in VariantId::ALL {
            for name in rummy::variants::option_names(id) {
                let choices = rummy::variants::option_choices(id, name);
                if choices.is_empty() {
                    all.push(format!("{name}="));
                }
                all.extend(choices.iter().map(|c| format!("{name}={c}")));
            }
        }
        all.sort();
        all.dedup();
        all.into_iter()
            .map(|s| &*Box::leak(s.into_boxed_str()))
            .collect()
    })
}

fn dictionary(args: &DictArgs) -> Result<Arc<Dictionary>> {
    match &args.dict {
        None => Ok(Dictionary::shipped()),
        Some(path) => Ok(Arc::new(Dictionary::from_path(path)?)),
    }
}

fn option_changes(args: &RulesArgs) -> Result<Vec<(String, String)>> {
    args.options
        .iter()
        .map(|s| parse_assignment(s).map_err(anyhow::Error::from))
        .collect()
}

fn check(words: &[String], dict: &DictArgs) -> Result<ExitCode> {
    let dict = dictionary(dict)?;
    let mut all_legal = true;
    for word in words {
        let verdict = dict.check(word);
        all_legal &= verdict.is_legal();
        println!("{}", verdict.explain(word));
    }
    Ok(if all_legal {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn rules(id: Option<VariantId>, args: &RulesArgs) -> Result<()> {
    let Some(id) = id else {
        println!("Games (rummy rules VARIANT prints one's rules):");
        for v in VariantId::ALL {
            let status = if v.is_available() {
                ""
            } else {
                "  (coming later)"
            };
            println!("  {:<14} {}{status}", v.name(), v.title());
        }
        return Ok(());
    };
    let changes = option_changes(args)?;
    let src = RulesSource {
        path: args.rules.as_deref(),
        options: &changes,
    };
    print!("{}", effective_rules(id, &src)?);
    Ok(())
}

/// What a word or an add-on scores, by the game's own scoring function.
fn score(
    id: VariantId,
    word: &str,
    on: Option<&str>,
    args: &RulesArgs,
    dict: &DictArgs,
) -> Result<ExitCode> {
    use rummy::variants::alpharummy::{self, AlphaRummy};
    use rummy::variants::play_on_words::{self, PlayOnWords};
    let changes = option_changes(args)?;
    let src = RulesSource {
        path: args.rules.as_deref(),
        options: &changes,
    };
    let said = match id {
        VariantId::AlphaRummy => {
            let rules = rummy::variants::load_rules::<AlphaRummy>(&src)?;
            let dict = dictionary(dict)?;
            match on {
                Some(old) => alpharummy::score::explain_add_on(&rules.deck, &dict, old, word),
                None => alpharummy::score::explain_meld(&rules.deck, &dict, word),
            }
        }
        VariantId::PlayOnWords => {
            rummy::variants::load_rules::<PlayOnWords>(&src)?;
            let dict = dictionary(dict)?;
            match on {
                Some(olds) => {
                    let olds: Vec<&str> = olds.split(',').map(str::trim).collect();
                    play_on_words::score::explain_on(&dict, &olds, word)
                }
                None => play_on_words::score::explain_word(&dict, word),
            }
        }
        other => bail!(
            "scoring words is for {} and {}: {} does not score words",
            VariantId::AlphaRummy.title(),
            VariantId::PlayOnWords.title(),
            other.title()
        ),
    };
    Ok(match said {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            println!("{why}");
            ExitCode::from(1)
        }
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => {
            use std::io::IsTerminal;
            if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
                bail!(
                    "the game needs a terminal (its input and output are not one); \
                     rummy --help lists the commands that work without one"
                );
            }
            if let Some(status) = plain_terminal() {
                return Ok(status);
            }
            let p = cli.play;
            let (config, config_problem) = screen_config(&p)?;
            let status = tui::run(tui::Start {
                config,
                data_dir: tui::store::data_dir(p.data_dir.as_deref()),
                resume: p.resume,
                config_problem,
                replay: None,
                daily: None,
            })?;
            Ok(ExitCode::from(status))
        }
        Some(Command::Check { words, dict }) => check(&words, &dict),
        Some(Command::Stats { json, data_dir }) => {
            stats(data_dir.as_deref().or(cli.play.data_dir.as_deref()), json)
        }
        Some(Command::Replay { file }) => replay(&cli.play, &file),
        Some(Command::Drills { json, data_dir }) => {
            drills(data_dir.as_deref().or(cli.play.data_dir.as_deref()), json)
        }
        Some(Command::Daily {
            game,
            date,
            show_seed,
        }) => daily(&cli.play, game, date.as_deref(), show_seed),
        Some(Command::Review { file, json, all }) => review(&file, json, all),
        Some(Command::Duplicate {
            file,
            seat,
            level,
            json,
        }) => duplicate(&file, seat, level.as_deref(), json),
        #[cfg(feature = "serve")]
        Some(Command::Serve(args)) => serve_command(&cli.play, args),
        Some(Command::Completions { shell }) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "rummy", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man { dir: None }) => {
            // The pages named are those `--dir` writes: none for `help`.
            let cmd = <Cli as clap::CommandFactory>::command().disable_help_subcommand(true);
            let mut out = std::io::stdout();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            std::io::Write::write_all(&mut out, MAN_SECTIONS.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Man { dir: Some(dir) }) => {
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot make the folder {}", dir.display()))?;
            let cmd = <Cli as clap::CommandFactory>::command();
            clap_mangen::generate_to(cmd, &dir)
                .with_context(|| format!("cannot write the pages in {}", dir.display()))?;
            let page = dir.join("rummy.1");
            std::fs::OpenOptions::new()
                .append(true)
                .open(&page)
                .and_then(|mut f| std::io::Write::write_all(&mut f, MAN_SECTIONS.as_bytes()))
                .with_context(|| format!("cannot write {}", page.display()))?;
            println!("The manual pages are in {}.", dir.display());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Score {
            variant,
            word,
            on,
            rules: args,
            dict,
        }) => score(variant, &word, on.as_deref(), &args, &dict),
        Some(Command::Rules {
            variant,
            rules: args,
        }) => {
            rules(variant, &args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Simulate {
            variant: id,
            games,
            seed,
            bots,
            json,
            save_dir,
            rules: args,
            dict,
        }) => {
            if let Some(dir) = &save_dir {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("cannot make the folder {}", dir.display()))?;
            }
            let bots = bots
                .iter()
                .map(|b| b.parse::<BotLevel>().map_err(anyhow::Error::msg))
                .collect::<Result<Vec<_>>>()?;
            if games == 0 {
                bail!("--games must be at least 1");
            }
            let changes = option_changes(&args)?;
            let config = SimConfig {
                variant: id,
                rules: RulesSource {
                    path: args.rules.as_deref(),
                    options: &changes,
                },
                bots,
                games,
                seed,
                dict: dictionary(&dict)?,
                save_dir: save_dir.as_deref(),
            };
            let report = simulate(&config)?;
            if json {
                println!("{}", report.to_json());
            } else {
                println!("{report}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The screen's settings: the command line wins over the config file, and
/// the file over what the terminal says; what was wrong with the file, if
/// anything, in a sentence.
fn screen_config(p: &PlayArgs) -> Result<(tui::app::Config, Option<String>)> {
    // The command line wins over the config file.
    let (prefs, config_problem) = tui::config::load(p.config.as_deref());
    let palette = match (p.theme, p.high_contrast) {
        (Some(theme), _) => Some(theme),
        (None, true) => Some(tui::theme::Palette::HighContrast),
        (None, false) => prefs.theme,
    };
    let pause_ms = p.pause_ms.or(prefs.bot_pause_ms).unwrap_or(700);
    let config = tui::app::Config {
        theme: tui::theme::Theme::from_env(p.ascii, palette),
        pause: if p.fast {
            Duration::ZERO
        } else {
            Duration::from_millis(pause_ms)
        },
        names: prefs.names,
        kids: prefs.kids,
        dict: dictionary(&p.dict)?,
        // The full path, so a save finds its word list from anywhere.
        dict_path: p.dict.dict.as_ref().map(|d| {
            std::fs::canonicalize(d)
                .unwrap_or_else(|_| d.clone())
                .display()
                .to_string()
        }),
        seed: p.seed,
        pause_given: p.fast || p.pause_ms.is_some(),
        theme_given: p.theme.is_some() || p.high_contrast,
        same_cards: true,
    };
    Ok((config, config_problem))
}

/// `rummy replay FILE`: the replay screen on a save. A file that cannot be
/// replayed is refused before the screen opens, and left as it is.
fn replay(p: &PlayArgs, file: &std::path::Path) -> Result<ExitCode> {
    // Checked first, so that a bad file is said on a plain terminal.
    tui::screens::replay::Replay::open(file, None).map_err(anyhow::Error::msg)?;
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!("the replay needs a terminal (its input and output are not one)");
    }
    if let Some(status) = plain_terminal() {
        return Ok(status);
    }
    let (mut config, config_problem) = screen_config(p)?;
    config.pause = Duration::ZERO;
    let status = tui::run(tui::Start {
        config,
        data_dir: tui::store::data_dir(p.data_dir.as_deref()),
        resume: false,
        config_problem,
        replay: Some(file.to_path_buf()),
        daily: None,
    })?;
    Ok(ExitCode::from(status))
}

/// `rummy drills`: the slips due to practise, without their answers.
fn drills(data_dir: Option<&std::path::Path>, json: bool) -> Result<ExitCode> {
    let Some(dir) = tui::store::data_dir(data_dir) else {
        bail!("there is no data directory, so there are no slips; name one with --data-dir");
    };
    if data_dir.is_some() && !dir.is_dir() {
        bail!("there is no folder {}", dir.display());
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let due = rummy::drills::due(&dir, now);
    let mut out = std::io::stdout().lock();
    if json {
        let list: Vec<serde_json::Value> = due
            .iter()
            .map(|s| {
                serde_json::json!({
                    "save": s.save, "variant": s.variant.name(), "move": s.index,
                    "seat": s.seat, "verdict": s.verdict, "played": s.played, "ended": s.ended,
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::json!({ "slips": list }))?;
    } else if due.is_empty() {
        writeln!(
            out,
            "No slip to practise now: slips come from the review of the games you play alone."
        )?;
    } else {
        writeln!(
            out,
            "{} slips to practise, mistakes first, newest first:",
            due.len()
        )?;
        for (i, s) in due.iter().enumerate() {
            let verdict = match s.verdict {
                rummy::judgement::Verdict::Mistake => "a mistake",
                _ => "an inaccuracy",
            };
            writeln!(
                out,
                "{:>3}. {}, move {} of {}: {verdict}.",
                i + 1,
                s.variant.title(),
                s.index + 1,
                s.save
            )?;
        }
        writeln!(
            out,
            "Practise your slips, on the title screen, asks each one."
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `rummy daily`: today's deal on the screen, or a day's seeds printed.
fn daily(
    p: &PlayArgs,
    game: Option<VariantId>,
    date: Option<&str>,
    show_seed: bool,
) -> Result<ExitCode> {
    let date = match date {
        Some(d) => rummy::daily::Date::parse(d).map_err(anyhow::Error::msg)?,
        None => rummy::daily::Date::today(),
    };
    if show_seed {
        let games: Vec<VariantId> = match game {
            Some(g) => vec![g],
            None => rummy::variants::registered(),
        };
        let mut out = std::io::stdout().lock();
        for g in games {
            writeln!(
                out,
                "{date} {} {}",
                g.name(),
                rummy::daily::daily_seed(g, date)
            )?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!(
            "today's deal is played on the screen, and this is not a terminal; --show-seed prints its seed"
        );
    }
    if let Some(status) = plain_terminal() {
        return Ok(status);
    }
    let (config, config_problem) = screen_config(p)?;
    let status = tui::run(tui::Start {
        config,
        data_dir: tui::store::data_dir(p.data_dir.as_deref()),
        resume: false,
        config_problem,
        replay: None,
        daily: Some(game),
    })?;
    Ok(ExitCode::from(status))
}

/// The sections of the manual page that the command line does not give:
/// examples, files and environment variables (roff).
const MAN_SECTIONS: &str = r#".SH EXAMPLES
.TP
\fBrummy\fR
The title screen: a new game, Learn a game, saved games, statistics.
.TP
\fBrummy --continue\fR
Straight back to the last game left unfinished.
.TP
\fBrummy daily five-suited\fR
Today's deal of 5 Suited Rummy: the same cards for everyone, against two hard bots.
.TP
\fBrummy duplicate ~/.local/share/rummy/saves/five-suited-1700000000.json\fR
How the expert would have done on the same cards, round by round.
.TP
\fBrummy check CAT QI\fR
Whether each word is legal in the word games, and why not.
.TP
\fBrummy score alpharummy FRIEND --on FIEND\fR
What an add-on scores, for playing with real cards.
.TP
\fBrummy simulate wump --bots hard,easy --games 200\fR
Bot-only games, and how each level did.
.TP
\fBrummy review ~/.local/share/rummy/saves/wump-12.json\fR
The review of a saved game: each person's moves judged.
.TP
\fBrummy serve --listen 0.0.0.0:2222\fR
Tables for the other computers of the network: they join with \fBssh -p 2222 NAME@HOST\fR.
.SH FILES
.TP
\fI~/.local/share/rummy/\fR
The data directory (\fB--data-dir\fR or \fBRUMMY_DATA_DIR\fR choose another): \fIsaves/\fR (every game, saved after every move), \fIstats.jsonl\fR (each finished game), \fIform.toml\fR (the new-game form as last used), \fIdaily.txt\fR (the first tries of today's deals), \fIrummy.log\fR; for \fBrummy serve\fR also \fIhost_key\fR and \fItables/\fR.
.TP
\fI~/.config/rummy/config.toml\fR
The screen's settings: theme, the bots' pause, names (\fB$XDG_CONFIG_HOME/rummy/config.toml\fR when that is set).
.SH ENVIRONMENT
.TP
\fBRUMMY_DATA_DIR\fR
The data directory, unless \fB--data-dir\fR names one.
.TP
\fBRUMMY_LOG\fR
What the log (\fIrummy.log\fR in the data directory) records, as tracing directives: \fBinfo\fR, \fBdebug\fR, or \fBinfo,russh=debug\fR. The default is \fBwarn,rummy=info\fR.
.TP
\fBNO_COLOR\fR
Set and not empty: no colour (the cards keep their letters and suit symbols).
.TP
\fBCOLORFGBG\fR
Set by some terminals: a light background chooses the light theme, unless \fB--theme\fR or the config file says.
.TP
\fBTERM\fR
The screen needs a terminal that draws one: with \fBTERM=dumb\fR or no \fBTERM\fR it says so and exits with status 2.
.TP
\fBXDG_CONFIG_HOME\fR
Where \fIrummy/config.toml\fR is looked for.
"#;

/// A terminal that cannot draw a screen (`TERM=dumb`, as in an editor's
/// shell, or no `TERM` at all) is told so in one line, with status 2,
/// before anything is sent to it.
fn plain_terminal() -> Option<ExitCode> {
    let why = match std::env::var("TERM") {
        Ok(term) if term.trim().is_empty() => "TERM is empty",
        Ok(term) if term == "dumb" => "TERM is dumb",
        Ok(_) => return None,
        // A Windows console draws a screen with no TERM.
        Err(_) if cfg!(windows) => return None,
        Err(std::env::VarError::NotPresent) => "TERM is not set",
        Err(std::env::VarError::NotUnicode(_)) => return None,
    };
    eprintln!("rummy needs a full-screen terminal: {why}");
    Some(ExitCode::from(2))
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        // Output piped to a reader that stopped (`rummy man | head`): done.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rummy: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `rummy serve`: the screen's flags and the server's own.
#[cfg(feature = "serve")]
fn serve_command(flags: &PlayArgs, args: serve::ServeArgs) -> Result<ExitCode> {
    let serve::ServeArgs {
        listen,
        host_key,
        authorized_keys,
        max_tables,
        max_connections,
        max_per_address,
        login_grace,
        max_startups,
        max_startups_per_address,
        idle_minutes,
        away_seconds,
        table_expiry,
        data_dir,
        play,
        name,
    } = args;
    let play = play.then(|| {
        name.or_else(|| std::env::var("USER").ok())
            .unwrap_or_else(|| "host".to_string())
    });
    if play.is_some() {
        use std::io::IsTerminal;
        if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
            bail!("--play needs a terminal (its input and output are not one)");
        }
        if let Some(status) = plain_terminal() {
            return Ok(status);
        }
    }
    let data_dir = data_dir.as_deref().or(flags.data_dir.as_deref());
    let Some(data_dir) = tui::store::data_dir(data_dir) else {
        bail!("the server keeps its key and tables in a data directory: name one with --data-dir");
    };
    let (config, _) = screen_config(flags)?;
    let palette = match (flags.theme, flags.high_contrast) {
        (Some(theme), _) => Some(theme),
        (None, true) => Some(tui::theme::Palette::HighContrast),
        (None, false) => None,
    };
    let limits = serve::hall::Limits {
        tables: max_tables.max(1),
        connections: max_connections.max(1),
        per_address: max_per_address.max(1),
        idle: Duration::from_secs(idle_minutes.max(1) * 60),
        away: Duration::from_secs(away_seconds),
        table_expiry: Duration::from_secs(table_expiry.max(1) * 60),
        ..serve::hall::Limits::default()
    };
    let door = serve::listen::Door {
        grace: Duration::from_secs(login_grace.max(1)),
        startups: max_startups.max(1),
        startups_per_address: max_startups_per_address.max(1),
    };
    let served = serve::run(serve::ServeOptions {
        listen,
        host_key,
        authorized_keys,
        data_dir,
        limits,
        config,
        theme_flags: (flags.ascii, palette),
        play,
        door,
    });
    match served {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => match e.downcast_ref::<serve::ListenerStopped>() {
            Some(stopped) => {
                eprintln!("rummy serve: {stopped}; every table was saved.");
                Ok(ExitCode::from(1))
            }
            None => Err(e),
        },
    }
}
