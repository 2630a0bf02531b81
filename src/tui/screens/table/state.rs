//! A game on the table and what the screen remembers about it: the cursor,
//! the curtain, the hint, the word being typed.

use crate::tui::adapter::{
    GameEnd, HintInfo, LastMove, Played, Snapshot, TableGame, UiMove, WordPlan,
};
use crate::tui::quiet::KEY_GAP;
use crate::tui::route::Go;
use rummy::card::{Card, CardId};
use rummy::seat::SeatId;
use std::cell::RefCell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What waits for a deliberate key before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// The hand-off curtain before this human's hidden hand.
    Curtain(SeatId),
    /// A popup everyone reads: a round or game is over, or the lesson.
    Popup,
}

/// How long a hand-off curtain stays down whatever is typed: keys pressed by
/// the player who just moved (a double Enter, a held key) never lift it.
pub const CURTAIN_GUARD: Duration = Duration::from_millis(500);

/// What a word plan depends on: the text, the way, the game's log length.
type PlanKey = (String, usize, usize);

/// A game on the table, with what the screen remembers about it.
pub struct TableState {
    pub game: Box<dyn TableGame>,
    pub save: Option<PathBuf>,
    /// The save's lock while the game is on this screen: no other copy of
    /// the program may open it meanwhile.
    pub lock: Option<crate::tui::store::SaveLock>,
    pub kids: bool,
    /// The selected card of the hand.
    pub cursor: usize,
    /// Choosing a target for the selected card: the index among its targets.
    pub picking: Option<usize>,
    /// With hidden hands and two or more humans: whose hand may be shown.
    pub shown_to: Option<SeatId>,
    /// Recent moves in words, oldest first.
    pub log: Vec<String>,
    /// Entries of the log scrolled back past (the mouse wheel); any key
    /// brings the newest back.
    pub log_back: usize,
    pub hint: Option<HintInfo>,
    /// Whether the hint's explanation is shown (at once in kids' mode, unless
    /// the hint has a sentence for a child to show first).
    pub explain: bool,
    pub end: Option<GameEnd>,
    pub confirm_quit: bool,
    /// Moves in the log when the game was last saved, or loaded from its
    /// save: the moves after these are not on disk while saves fail.
    pub saved_moves: usize,
    /// Why the last save failed, while saves are failing.
    pub save_failure: Option<String>,
    pub last_move: Instant,
    /// A line for the status bar, and whether it is an error.
    pub note: Option<(String, bool)>,
    /// In kids' mode, one line after the child's own move, from the
    /// review: praise for the best move, or a gentle pointer to a better
    /// one, with the seat it is for. Shown while the others play, and
    /// above the next person's prompt at a table of several.
    pub praise: Option<(SeatId, String)>,
    /// A bot that looks ahead thinking on another thread: its move comes
    /// back here, and the screen keeps drawing and answering keys
    /// meanwhile. Dropped when the table changes, so that a move worked
    /// out for another moment is never made.
    pub thinking: Option<crate::tui::adapter::Thinking>,
    /// A hint being worked out away from a shared screen's thread.
    pub hinting: Option<crate::tui::adapter::Hinting>,
    /// The game, once over, played again on the same cards by the
    /// strongest bot in its one person's place.
    pub same_cards: Option<crate::tui::same_cards::SameCards>,
    /// Today's deal: its day, and whether this is the day's first try.
    pub daily: Option<(rummy::daily::Date, bool)>,
    /// A slip being practised: the position is set up again after each
    /// try, and no bot moves.
    pub drill: Option<crate::tui::drill::Drill>,
    /// How a sortable hand is ordered: by rank (else by suit), melds first.
    pub sort_rank: bool,
    pub grouped: bool,
    /// A word being typed, and which of its ways to play it.
    pub typing: Option<(String, usize)>,
    /// The word being typed is the hint's, as `w` put it there: Enter plays
    /// it, and the first letter typed starts a fresh word instead.
    pub typed_hint: bool,
    /// The selected center card when cards may be taken from anywhere in it
    /// (clamped to the center; past the end means its top).
    pub center_cursor: usize,
    /// A card about to be put down while another could take (kids' mode):
    /// the move, and the question asked before it is made.
    pub confirm_place: Option<(UiMove, String)>,
    /// Taking back another human's move (a game with no hidden cards): the
    /// move's place in the log, and the question asked first.
    pub confirm_undo: Option<(usize, String)>,
    /// Asking why a center card can or can't be taken: its index.
    pub asking: Option<usize>,
    /// The last move, as the game described it, marked on the table.
    pub last: Option<LastMove>,
    /// The last word plan, by its text, way and the length of the game's log.
    pub(crate) plan_cache: RefCell<Option<(PlanKey, WordPlan)>>,
    /// The curtain or popup that is down and when it came down: no key
    /// lifts it until `CURTAIN_GUARD` has passed.
    pub gate_since: Option<(Gate, Instant)>,
    /// The coach of a guided first deal, while it speaks.
    pub coach: Option<crate::tui::guide::Coach>,
    /// The last human who could act at the keyboard (see `changed_hands`).
    pub(crate) acting: Option<SeatId>,
    /// Played over the network: the table's code and this screen's seat.
    /// Each screen then shows its own seat's hand and no other, with no
    /// curtain, and the server plays the bots and keeps the log.
    pub online: Option<crate::tui::online::AtTable>,
}

impl TableState {
    pub fn new(game: Box<dyn TableGame>, save: Option<PathBuf>, kids: bool) -> TableState {
        let saved_moves = game.movers().len();
        let mut t = TableState {
            game,
            save,
            lock: None,
            kids,
            cursor: 0,
            picking: None,
            shown_to: None,
            log: Vec::new(),
            log_back: 0,
            hint: None,
            explain: false,
            end: None,
            confirm_quit: false,
            saved_moves,
            save_failure: None,
            last_move: Instant::now(),
            note: None,
            praise: None,
            thinking: None,
            hinting: None,
            same_cards: None,
            daily: None,
            drill: None,
            sort_rank: false,
            grouped: true,
            typing: None,
            typed_hint: false,
            center_cursor: usize::MAX,
            confirm_place: None,
            confirm_undo: None,
            asking: None,
            last: None,
            plan_cache: RefCell::new(None),
            gate_since: None,
            coach: None,
            acting: None,
            online: None,
        };
        if let Some(note) = t.game.opening_note() {
            t.log.push(note);
        }
        t.settle(Instant::now());
        t
    }

    /// While saves are failing: how many moves are not saved, and why.
    pub fn unsaved(&self) -> Option<(usize, &str)> {
        let why = self.save_failure.as_deref()?;
        let n = self.game.movers().len().saturating_sub(self.saved_moves);
        Some((n, why))
    }

    /// "3 moves are not saved (Read-only file system)", while saves fail.
    pub fn unsaved_text(&self) -> Option<String> {
        let (n, why) = self.unsaved()?;
        Some(match n {
            0 => format!("The game is not saved ({why})."),
            1 => format!("1 move is not saved ({why})."),
            n => format!("{n} moves are not saved ({why})."),
        })
    }

    pub(crate) fn is_human(&self, seat: SeatId) -> bool {
        self.game
            .seats()
            .get(seat.index())
            .is_some_and(|s| s.is_human())
    }

    pub fn humans(&self) -> usize {
        self.game.seats().iter().filter(|s| s.is_human()).count()
    }

    /// The seat to move, if a human plays it (over the network: if it is
    /// this screen's seat).
    pub fn human_to_move(&self) -> Option<SeatId> {
        let seat = self.game.to_move().filter(|&s| self.is_human(s))?;
        match &self.online {
            Some(at) => (at.me == Some(seat)).then_some(seat),
            None => Some(seat),
        }
    }

    /// Whether the screen must hide everything behind the hand-off curtain.
    pub(crate) fn needs_curtain(&self) -> bool {
        self.online.is_none() && self.game.hidden_hands() && self.humans() >= 2
    }

    /// The human the curtain waits for, if it is down. A decision made in
    /// the open (a call, a challenge) needs no curtain.
    pub fn curtain(&self) -> Option<SeatId> {
        if !self.needs_curtain() || self.end.is_some() {
            return None;
        }
        self.human_to_move()
            .filter(|&s| self.shown_to != Some(s) && self.game.private(s))
    }

    /// What waits for a deliberate key: a popup everyone reads, or the
    /// curtain before a hidden hand.
    /// Whether the coach's offer at the lesson's end is over the table
    /// now: the lesson is done and no result is up before it.
    pub fn offering(&self) -> bool {
        self.end.is_none()
            && self
                .coach
                .as_ref()
                .is_some_and(|c| c.stage == crate::tui::guide::Stage::Offer)
    }

    pub fn gate(&self) -> Option<Gate> {
        if self.end.is_some() || self.offering() {
            Some(Gate::Popup)
        } else {
            self.curtain().map(Gate::Curtain)
        }
    }

    /// Notes when a curtain or popup comes down or goes up; true if one has
    /// just come down (so keys typed ahead of it can be dropped).
    pub fn settle(&mut self, now: Instant) -> bool {
        match (self.gate(), self.gate_since) {
            (Some(g), Some((was, _))) if g == was => false,
            (Some(g), _) => {
                self.gate_since = Some((g, now));
                true
            }
            (None, _) => {
                self.gate_since = None;
                false
            }
        }
    }

    /// Notes who may act at the keyboard now; true if that is another
    /// person than the last one who could (a call or a challenge opened for
    /// another human, the next human's turn in the open): keys still coming
    /// are the last person's, not theirs.
    pub fn changed_hands(&mut self) -> bool {
        let Some(now) = self.actor() else {
            return false;
        };
        self.acting.replace(now).is_some_and(|before| before != now)
    }

    /// Whether a key at `now` (the one before it at `previous`) is
    /// deliberate enough to lift a curtain or close a popup: not typed
    /// before it came down or just after, and not one of a burst or of a
    /// held key's repeats.
    pub(crate) fn deliberate(&self, now: Instant, previous: Option<Instant>) -> bool {
        let since = self.gate_since.map_or(now, |(_, at)| at);
        now.saturating_duration_since(since) >= CURTAIN_GUARD
            && previous.is_none_or(|p| now.saturating_duration_since(p) >= KEY_GAP)
    }

    /// The human at the keyboard who may act now: the human to move, once
    /// the curtain is up, or in the open.
    pub fn actor(&self) -> Option<SeatId> {
        let me = self.human_to_move()?;
        (self.curtain().is_none() && (self.viewer() == Some(me) || !self.game.private(me)))
            .then_some(me)
    }

    /// Whose view the table shows. With hidden hands and several humans,
    /// only the human to move, after the curtain; otherwise nobody's hand.
    pub fn viewer(&self) -> Option<SeatId> {
        if let Some(at) = &self.online {
            return at.me;
        }
        let seats = self.game.seats();
        let first_human = (0..seats.len())
            .map(|i| SeatId(i as u8))
            .find(|&s| self.is_human(s));
        if self.needs_curtain() {
            // A popup everyone reads (round or game over) covers no hand.
            if self.end.is_some() {
                return None;
            }
            return self
                .shown_to
                .filter(|&s| self.human_to_move() == Some(s) && self.game.private(s));
        }
        if !self.game.hidden_hands() {
            return self.human_to_move().or(first_human);
        }
        first_human
    }

    /// The table as the viewer may see it, the hand in screen order. The
    /// screen asks for it once a frame or a key, through [`TableState::view`].
    #[cfg(test)]
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_for(self.viewer())
    }

    fn snapshot_for(&self, viewer: Option<SeatId>) -> Snapshot {
        let mut snap = self.game.snapshot(viewer);
        if snap.sortable {
            self.order_hand(&mut snap);
        }
        snap
    }

    /// Orders the viewer's hand: its melds first (when grouped), then the
    /// rest by suit or by rank, wilds last.
    pub(crate) fn order_hand(&self, snap: &mut Snapshot) {
        let wilds = snap.wilds.clone();
        let groups = if self.grouped {
            snap.groups.clone()
        } else {
            Vec::new()
        };
        let by_rank = self.sort_rank;
        let Some(panel) = snap.seats.iter_mut().find(|p| p.is_viewer) else {
            return;
        };
        let Some(cards) = panel.cards.as_mut() else {
            return;
        };
        let key = |c: &Card| {
            let is_wild = wilds.contains(&c.id);
            let suit = c.face.suit().map_or(9, |s| s as u8);
            let rank = c.face.rank().map_or(99, |r| r.number());
            if by_rank {
                (is_wild, rank, suit, c.id.0)
            } else {
                (is_wild, suit, rank, c.id.0)
            }
        };
        let mut ordered: Vec<Card> = Vec::with_capacity(cards.len());
        let mut gaps = Vec::new();
        for g in &groups {
            for id in g {
                if let Some(c) = cards.iter().find(|c| c.id == *id) {
                    ordered.push(*c);
                }
            }
            gaps.push(ordered.len());
        }
        let mut rest: Vec<Card> = cards
            .iter()
            .filter(|c| !ordered.iter().any(|o| o.id == c.id))
            .copied()
            .collect();
        rest.sort_by_key(key);
        ordered.extend(rest);
        *cards = ordered;
        panel.gaps = gaps;
    }

    /// The moves of the human at the keyboard, when it is their turn.
    pub fn my_moves(&self) -> Vec<UiMove> {
        match (self.viewer(), self.human_to_move()) {
            (Some(v), Some(m)) if v == m && self.curtain().is_none() => self.game.moves(m),
            _ => Vec::new(),
        }
    }

    /// What a frame, or a key, needs to know of the table: the snapshot
    /// and what follows from it, worked out once.
    pub fn view(&self) -> TableView {
        let viewer = self.viewer();
        let snap = self.snapshot_for(viewer);
        let actor = self.actor();
        let moves = self.my_moves();
        let hand: Vec<CardId> = viewer
            .and_then(|v| snap.seats.get(v.index()))
            .and_then(|p| p.cards.as_ref())
            .map(|cards| cards.iter().map(|c| c.id).collect())
            .unwrap_or_default();
        let selected = hand
            .get(self.cursor.min(hand.len().saturating_sub(1)))
            .copied();
        let targets = moves
            .iter()
            .filter(|m| Some(m.card) == selected && m.target.is_some())
            .cloned()
            .collect();
        let center_pick = actor
            .filter(|&me| self.game.takes_from_center(me) && self.typing.is_none())
            .and_then(|_| {
                snap.center
                    .get(self.center_cursor.min(snap.center.len().saturating_sub(1)))
                    .map(|c| c.id)
            });
        TableView {
            plan: self.plan(),
            typed: self
                .typing
                .as_ref()
                .map(|t| t.0.clone())
                .unwrap_or_default(),
            snap,
            viewer,
            actor,
            moves,
            hand,
            selected,
            targets,
            center_pick,
        }
    }

    /// What the word being typed would do (worked out once for each text,
    /// way and move of the game, however often a frame asks).
    pub fn plan(&self) -> Option<WordPlan> {
        let (text, way) = self.typing.as_ref()?;
        let me = self.actor()?;
        let key = (text.clone(), *way, self.game.movers().len());
        let mut cache = self.plan_cache.borrow_mut();
        if let Some((k, plan)) = cache.as_ref()
            && *k == key
        {
            return Some(plan.clone());
        }
        let plan = self.game.word_plan(me, text, *way);
        *cache = Some((key, plan.clone()));
        Some(plan)
    }

    /// The viewer's hand as card ids, in screen order.
    #[cfg(test)]
    pub fn hand(&self) -> Vec<CardId> {
        self.view().hand
    }

    #[cfg(test)]
    pub fn selected(&self) -> Option<CardId> {
        self.view().selected
    }

    #[cfg(test)]
    pub fn lit_hand(&self) -> Vec<CardId> {
        self.view().lit_hand()
    }

    #[cfg(test)]
    pub fn center_pick(&self) -> Option<CardId> {
        self.view().center_pick
    }

    #[cfg(test)]
    pub fn lit_center(&self) -> Vec<CardId> {
        self.view().lit_center()
    }

    /// Over the network: shows the moves the table has made since this
    /// screen last looked (`new`, after the `seen` it had), whoever made
    /// them. What this screen was doing (a hint, a picked card) goes when
    /// another seat's move changes the table under it.
    pub fn catch_up(&mut self, new: &[(Option<SeatId>, Played)], now: Instant) {
        let Some(at) = self.online.as_mut() else {
            return;
        };
        let me = at.me;
        at.seen += new.len();
        for (by, played) in new {
            self.log.extend(played.lines.iter().cloned());
            if played.end.is_some() {
                self.end = played.end.clone();
            }
            if played.last.is_some() {
                self.last = played.last.clone();
            }
            if by.is_some() && *by != me {
                self.hint = None;
                self.picking = None;
                self.confirm_place = None;
                self.asking = None;
                *self.plan_cache.get_mut() = None;
                self.last_move = now;
            }
        }
        let keep = self.log.len().saturating_sub(200);
        self.log.drain(..keep);
    }

    /// The coach's line on the move `me` just made, in kids' mode: only
    /// where no other person at this screen could learn a hidden card
    /// from it (one person at the table, or every card face up), and
    /// never over the network. A good move that is not the best gets no
    /// line: praise is for the best, a pointer for a slip.
    pub(crate) fn coach_line(&self, me: SeatId) -> Option<String> {
        let people = self.game.seats().iter().filter(|s| s.is_human()).count();
        if !self.kids || self.online.is_some() || (people > 1 && self.game.hidden_hands()) {
            return None;
        }
        let m = self.game.judge_last()?;
        (m.seat == me.index() + 1 && m.verdict != rummy::judgement::Verdict::Good)
            .then_some(m.child)
    }

    pub(crate) fn set_note(&mut self, text: impl Into<String>, error: bool) {
        self.note = Some((text.into(), error));
    }
}

/// The table for one frame or one key: see [`TableState::view`].
pub struct TableView {
    pub snap: Snapshot,
    /// Whose hand is shown.
    pub viewer: Option<SeatId>,
    /// The human at the keyboard who may act now.
    pub actor: Option<SeatId>,
    /// The moves of the human at the keyboard, when it is their turn.
    pub moves: Vec<UiMove>,
    /// The viewer's hand as card ids, in screen order.
    pub hand: Vec<CardId>,
    /// The selected card of the hand.
    pub selected: Option<CardId>,
    /// The moves of the selected card that take a card of the table.
    pub targets: Vec<UiMove>,
    /// What the word being typed would do.
    pub plan: Option<WordPlan>,
    /// The word being typed so far (empty when none is).
    pub typed: String,
    /// The center card selected for taking, when the actor may take one.
    pub center_pick: Option<CardId>,
}

impl TableView {
    /// Every card of the table the selected card could take (kids' mode).
    pub fn lit_targets(&self) -> Vec<CardId> {
        self.targets.iter().filter_map(|m| m.target).collect()
    }

    /// Every card of the table some hand card could take (kids' mode).
    pub fn lit_takes(&self) -> Vec<CardId> {
        self.moves.iter().filter_map(|m| m.target).collect()
    }

    /// Hand cards that can take something (kids' mode).
    pub fn lit_hand(&self) -> Vec<CardId> {
        self.moves
            .iter()
            .filter(|m| m.target.is_some())
            .map(|m| m.card)
            .collect()
    }

    /// Center cards to light: those a take would bring along, or those the
    /// word being typed uses.
    pub fn lit_center(&self) -> Vec<CardId> {
        if let Some(plan) = &self.plan {
            return plan.cards.clone();
        }
        let Some(pick) = self.center_pick else {
            return Vec::new();
        };
        let center = &self.snap.center;
        let from = center.iter().position(|c| c.id == pick).unwrap_or(0);
        center[from..].iter().map(|c| c.id).collect()
    }

    /// The same view with the hand's card at `cursor` selected.
    pub fn select(&mut self, cursor: usize) {
        self.selected = self
            .hand
            .get(cursor.min(self.hand.len().saturating_sub(1)))
            .copied();
        self.targets = self
            .moves
            .iter()
            .filter(|m| Some(m.card) == self.selected && m.target.is_some())
            .cloned()
            .collect();
    }

    /// The center card the selected card would take while a target is
    /// picked (`picking`), else the center card selected for taking.
    pub fn picked(&self, picking: Option<usize>) -> Option<CardId> {
        picking
            .and_then(|p| self.targets.get(p).and_then(|m| m.target))
            .or(self.center_pick)
    }

    /// The center card asked about, at `asking` (clamped to the center).
    pub fn asked(&self, asking: Option<usize>) -> Option<CardId> {
        let center = &self.snap.center;
        asking.and_then(|i| {
            center
                .get(i.min(center.len().saturating_sub(1)))
                .map(|c| c.id)
        })
    }

    /// Who asks why a center card can or can't be taken: the human at the
    /// keyboard, else the one whose hand is shown.
    pub fn asker(&self) -> Option<SeatId> {
        self.actor.or(self.viewer)
    }
}

/// The table for one frame: its state and the view of it (the snapshot).
pub struct TableFrame<'a> {
    pub t: &'a TableState,
    pub view: TableView,
}

/// What the table's moves need of the app that holds it, lent for one
/// key or one bot's move: where games are saved, the bots' pause (kept
/// beside a save), the thread that reviews the game as it is played; and
/// what the table asks back: other screens ([`Go`]), requests to the
/// server, and that the keys wait for a quiet moment (a decision changed
/// hands).
pub struct Desk<'a> {
    pub store: Option<&'a crate::tui::store::Store>,
    pub pause: Duration,
    pub ahead: Option<&'a rummy::review::Ahead>,
    pub out: Vec<Go>,
    pub requests: Vec<crate::tui::online::Request>,
    pub arm: bool,
    /// The screen shares its thread with other people's (the server's):
    /// work that may take a while (a hint) goes to the thinking threads.
    pub shared: bool,
}
