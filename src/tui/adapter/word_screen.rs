//! One screen adapter for every word game. A word game's own file says
//! only what is its own ([`WordScreen`]): its table, prompts, keys, help
//! and how its events read; this file turns that into the screen's
//! [`TableGame`] the same way for each (a seat's view, moves made through
//! the engine, typed words, hints that name a word, the bots).

use super::words;
use super::{
    AnyThought, HintInfo, Piles, Played, Snapshot, TableGame, UiMove, WordEntry, WordPlan,
    bot_move, draw_of, drawing_of, replay_last, thought_move,
};
use rummy::card::{Card, CardId};
use rummy::game::{Playable, Session};
use rummy::open::MoveKind;
use rummy::seat::{BotLevel, SeatId};
use rummy::word::WordCheck;
use rummy::wordgame::WordGame;

/// What a word game's screen says of its own. Each hook is given the view
/// of the seat to move (the screen shows moves to nobody else).
pub trait WordScreen: WordGame + Playable + Sized + 'static {
    /// What a move's events show: the log's lines, and the end of a round
    /// or game.
    fn played(session: &Session<Self>, events: &[Self::Event]) -> Played;
    /// The table as `viewer` (`None`: a spectator) sees it in `view`.
    fn snapshot(session: &Session<Self>, view: &Self::View, viewer: Option<SeatId>) -> Snapshot;
    /// What the status line says to `seat`, to move.
    fn prompt(session: &Session<Self>, seat: SeatId, view: &Self::View, kids: bool) -> String;
    /// The help page's notes on this game, from its options.
    fn help_notes(session: &Session<Self>) -> String;
    /// Whether words stand until challenged, or are checked at once.
    fn word_check(session: &Session<Self>) -> WordCheck;
    /// The game's hint for the seat of `view`: its move, and what it says
    /// (a word to type names no way yet: the screen finds it).
    fn hint(session: &Session<Self>, view: &Self::View) -> Option<(Self::Action, HintInfo)>;
    /// Whether two moves play a typed word the same way: the same kind of
    /// move on the same table word (the cards may differ). A game whose
    /// moves name more than one table word says so itself.
    fn same_way(a: &Self::Action, b: &Self::Action) -> bool {
        std::mem::discriminant(a) == std::mem::discriminant(b)
            && Self::named_cards(a).1 == Self::named_cards(b).1
    }
    /// What the bar calls typing a word now ("word", "call").
    fn word_key(_view: &Self::View) -> &'static str {
        "word"
    }
    /// The seat's hand in `view`.
    fn hand(view: &Self::View) -> &[Card];
    /// What putting hand card `card` away does, for its label ("discard
    /// K (10) and end your turn").
    fn put_label(card: &Card) -> String;
    /// The move that puts hand card `card` away.
    fn put(card: CardId) -> Self::Action;
    /// A line about Enter on `card` now.
    fn card_preview(view: &Self::View, card: CardId) -> Option<String>;
    /// What the game calls its piles and its hand's move.
    fn piles() -> Piles {
        Piles::default()
    }
    /// The move that takes pile card `card`.
    fn take(_view: &Self::View, _card: CardId) -> Result<Self::Action, String> {
        Err("Cards cannot be taken from the center here.".into())
    }
    /// Why a typed word has no way at all, where the game's own refusal of
    /// each way cannot say it.
    fn no_way(_view: &Self::View, _text: &str) -> Option<String> {
        None
    }
}

/// The hand cards `seat` may put away now (discard, put under: the kind
/// of move the engine's table of open moves has for it), each with what
/// it does; or why none may, in the engine's words. None when the moment
/// has no such move.
fn hand_moves<G: WordScreen>(session: &Session<G>, seat: SeatId) -> Result<Vec<UiMove>, String> {
    let Some(view) = my_view(session, seat) else {
        return Ok(Vec::new());
    };
    let open = session.state().open(seat);
    let Some(put) = open
        .get(MoveKind::Discard)
        .or_else(|| open.get(MoveKind::PutUnder))
    else {
        return Ok(Vec::new());
    };
    words::hand_moves(G::hand(&view), put.refusal.clone(), G::put_label)
}

/// The view of `seat`, when it is to move.
pub fn my_view<G: Playable>(session: &Session<G>, seat: SeatId) -> Option<G::View> {
    (session.state().to_move() == Some(seat)).then(|| session.state().view(seat))
}

/// Makes `action` for `seat`, and what it shows.
fn run<G: WordScreen>(
    session: &mut Session<G>,
    seat: SeatId,
    action: Result<G::Action, String>,
) -> Result<Played, String> {
    let events = session.apply(seat, action?).map_err(|e| e.to_string())?;
    Ok(G::played(session, &events))
}

fn not_your_turn() -> String {
    "It is not your turn.".into()
}

impl<G: WordScreen> TableGame for Session<G> {
    fn last_played(&self) -> Option<Played> {
        replay_last(self, G::played)
    }

    fn hidden_hands(&self) -> bool {
        true
    }

    fn opening_note(&self) -> Option<String> {
        words::opening_note(G::word_check(self), self.seats())
    }

    fn snapshot(&self, viewer: Option<SeatId>) -> Snapshot {
        G::snapshot(self, &words::view_of(self, viewer), viewer)
    }

    fn moves(&self, seat: SeatId) -> Vec<UiMove> {
        hand_moves(self, seat).ok().unwrap_or_default()
    }

    fn play(&mut self, seat: SeatId, m: &UiMove) -> Result<Played, String> {
        run(self, seat, Ok(G::put(m.card)))
    }

    fn play_bot(&mut self, stand_in: Option<BotLevel>) -> Result<Played, String> {
        let events = bot_move(self, stand_in)?;
        Ok(G::played(self, &events))
    }

    fn play_thought(&mut self, thought: AnyThought) -> Result<Played, String> {
        let events = thought_move(self, thought)?;
        Ok(G::played(self, &events))
    }

    fn hinter(&self, seat: SeatId) -> crate::tui::adapter::HintJob {
        let game = self.clone();
        Box::new(move || game.hint(seat))
    }

    fn hint(&self, seat: SeatId) -> Option<HintInfo> {
        let (action, mut info) = G::hint(self, &my_view(self, seat)?)?;
        if let Some((word, way)) = info.word.as_mut() {
            *way = words::way_of(self, seat, word, |a| G::same_way(a, &action));
            info.short.push_str(" Press w to type it.");
        }
        Some(info)
    }

    fn prompt(&self, seat: SeatId, kids: bool) -> String {
        my_view(self, seat)
            .map(|v| G::prompt(self, seat, &v, kids))
            .unwrap_or_default()
    }

    fn draws_cards(&self) -> bool {
        true
    }

    fn piles(&self) -> Piles {
        G::piles()
    }

    fn drawing(&self, seat: SeatId) -> Option<Option<CardId>> {
        drawing_of(&self.state().open(seat))
    }

    fn stock_refusal(&self, seat: SeatId) -> Option<String> {
        let open = self.state().open(seat);
        open.get(MoveKind::Draw).and_then(|m| m.refusal.clone())
    }

    fn draw(&mut self, seat: SeatId, from_pile: bool) -> Result<Played, String> {
        let action = draw_of(&self.state().open(seat), from_pile);
        run(self, seat, action)
    }

    fn preview(&self, seat: SeatId, card: CardId) -> Option<String> {
        G::card_preview(&my_view(self, seat)?, card)
    }

    fn private(&self, seat: SeatId) -> bool {
        // The engine says when a seat decides in the open, without its
        // hand (a challenge, a call).
        !self.state().open(seat).in_the_open
    }

    fn takes_from_center(&self, seat: SeatId) -> bool {
        self.state().open(seat).is_open(MoveKind::TakeDeep)
    }

    fn take(&mut self, seat: SeatId, card: CardId) -> Result<Played, String> {
        let view = my_view(self, seat).ok_or_else(not_your_turn)?;
        run(self, seat, G::take(&view, card))
    }

    fn refusal(&self, seat: SeatId, _card: CardId) -> Option<String> {
        hand_moves(self, seat).err()
    }

    fn typing(&self, seat: SeatId) -> Option<WordEntry> {
        let view = my_view(self, seat)?;
        let open = self.state().open(seat);
        open.open(MoveKind::Word).map(|m| WordEntry {
            key: G::word_key(&view),
            what: m.label.clone(),
        })
    }

    fn word_plan(&self, seat: SeatId, text: &str, way: usize) -> WordPlan {
        match my_view(self, seat).and_then(|v| G::no_way(&v, text)) {
            Some(line) => WordPlan {
                line,
                error: true,
                ..WordPlan::default()
            },
            None => words::word_plan(self, seat, text, way),
        }
    }

    fn play_word(&mut self, seat: SeatId, text: &str, way: usize) -> Result<Played, String> {
        if let Some(why) = my_view(self, seat).and_then(|v| G::no_way(&v, text)) {
            return Err(why);
        }
        words::play_word(self, seat, text, way, G::played)
    }

    fn game_keys(&self, seat: SeatId) -> Vec<(char, String)> {
        let keys = words::open_keys(&self.state().open(seat));
        keys.into_iter().map(|(k, label, ..)| (k, label)).collect()
    }

    fn enter_key(&self, seat: SeatId) -> Option<char> {
        let keys = words::open_keys(&self.state().open(seat));
        keys.into_iter().find(|k| k.3).map(|k| k.0)
    }

    fn game_key(&mut self, seat: SeatId, key: char) -> Result<Played, String> {
        // Only a key on the bar makes a move: the bar and the keys are one
        // list, the engine's table of open moves.
        let keys = words::open_keys(&self.state().open(seat));
        let action = keys.into_iter().find(|k| k.0 == key).map(|k| k.2);
        run(
            self,
            seat,
            action.ok_or_else(|| "That key does nothing here.".into()),
        )
    }

    fn help_notes(&self) -> String {
        G::help_notes(self)
    }
}
