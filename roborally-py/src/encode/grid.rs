//! The grid races' observation (classic, 2023, Transformers): planes of
//! the course and the robots, then the race's public numbers and the
//! cards.

use super::{hot, relative, Encode, Layout, Sink};
use robo_core::geom::{Dir, Pos};
use robo_core::view::RaceStage;
use robo_core::PlayerId;
use roborally::race::RaceEdition;
use roborally::viewer::CellKind;

/// The core cell kinds, one plane each (any other kind is `Other`).
const KINDS: [CellKind; 11] = [
    CellKind::VOID,
    CellKind::FLOOR,
    CellKind::PIT,
    CellKind::BELT,
    CellKind::EXPRESS_BELT,
    CellKind::GEAR,
    CellKind::PUSHER,
    CellKind::LASER,
    CellKind::BATTERY,
    CellKind::START,
    CellKind::OTHER,
];

/// Planes of the course: 11 cell kinds, 4 cell directions, 4 wall sides,
/// checkpoints (their number over the count), reboot tokens.
pub const STATIC_PLANES: usize = 21;
/// Planes of the robots: the seat's own robot, the others, each robot's
/// facing (4), the edition's pieces (devices, markers).
const DYNAMIC_PLANES: usize = 7;
/// General numbers: stage (4), round, register, the seat is asked.
const GENERAL: usize = 7;
/// Numbers per seat: on the board, checkpoints reached (share), asked.
const PER_SEAT: usize = 3;
/// Registers of a program.
const REGISTERS: usize = 5;

/// What a grid race tells its observation, beyond [`RaceEdition`].
pub trait GridState: RaceEdition {
    /// Card kinds of the edition's programming cards (one-hot size).
    const CARD_KINDS: usize;
    /// Numbers of a seat's own state (energy, damage, lives).
    const SCALARS: usize;
    /// Calls `f` with the kind of each card in `seat`'s hand.
    fn hand_kinds(&self, seat: PlayerId, f: &mut dyn FnMut(usize));
    /// The kind of the first card in `seat`'s register `r` and whether
    /// everyone sees it.
    fn register_kind(&self, seat: PlayerId, r: usize) -> Option<(usize, bool)>;
    /// Writes `seat`'s own numbers (`SCALARS` of them, about 0 to 1).
    fn scalars(&self, seat: PlayerId, out: &mut [f32]);
    /// Where the robot of `seat` stands, if on the board.
    fn robot_at(&self, seat: PlayerId) -> Option<(Pos, Dir)>;
    /// Checkpoints (flags) `seat` reached.
    fn reached(&self, seat: PlayerId) -> u8;
    /// Checkpoints on the course.
    fn checkpoint_count(&self) -> u8;
    /// Where the race stands, round and register.
    fn stage(&self) -> (RaceStage, u16, u8);
}

fn cards_len<G: GridState>() -> usize {
    G::CARD_KINDS * (1 + REGISTERS) + G::SCALARS
}

impl<G: GridState> Encode for G {
    fn course_planes(&self) -> (Layout, Vec<f32>) {
        let pic = self.course_picture();
        let (h, w) = (pic.height, pic.width);
        let n = self.num_players();
        let layout = Layout {
            planes: STATIC_PLANES + DYNAMIC_PLANES,
            height: h,
            width: w,
            vector: GENERAL + n * (PER_SEAT + cards_len::<G>()),
            fixed: STATIC_PLANES,
        };
        let cells = h * w;
        let mut out = vec![0.0; STATIC_PLANES * cells];
        let at = |p: Pos| -> Option<usize> {
            let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
            (x < w && y < h).then_some(y * w + x)
        };
        for (i, cell) in pic.cells.iter().enumerate().take(cells) {
            let k = KINDS.iter().position(|k| *k == cell.kind).unwrap_or(10);
            out[k * cells + i] = 1.0;
            if let Some(d) = cell.dir {
                out[(11 + d.index()) * cells + i] = 1.0;
            }
        }
        for wall in &pic.walls {
            if let Some(i) = at(wall.pos) {
                out[(15 + wall.side.index()) * cells + i] = 1.0;
            }
        }
        let total = f32::from(self.checkpoint_count().max(1));
        for m in &pic.markers {
            let Some(i) = at(m.pos) else { continue };
            match m.kind.as_str() {
                "checkpoint" => {
                    let n: f32 = m.label.trim().parse().unwrap_or(1.0);
                    out[19 * cells + i] = n / total;
                }
                "reboot" => out[20 * cells + i] = 1.0,
                _ => {}
            }
        }
        (layout, out)
    }

    fn encode(&self, seat: PlayerId, full: bool, layout: &Layout, sink: &mut Sink<'_>) {
        let (h, w) = (layout.height, layout.width);
        let cells = h * w;
        let at = |p: Pos| -> Option<usize> {
            let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
            (x < w && y < h).then_some(y * w + x)
        };
        let n = self.num_players();
        let total = f32::from(self.checkpoint_count().max(1));
        for other in 0..n {
            let p = PlayerId(other as u8);
            let rel = relative(seat, other, n);
            if let Some((pos, dir)) = self.robot_at(p) {
                if let Some(i) = at(pos) {
                    sink.set(usize::from(rel != 0) * cells + i, 1.0);
                    sink.set((2 + dir.index()) * cells + i, 1.0);
                }
                sink.vector[GENERAL + rel * PER_SEAT] = 1.0;
            }
        }
        for piece in self.pieces() {
            if let Some(i) = at(piece.at) {
                sink.set(6 * cells + i, 1.0);
            }
        }
        // Who is asked, read once (the engine builds the list each time).
        let pending = self.pending();
        let asked = |p: PlayerId| f32::from(u8::from(pending.is_waiting_for(p)));
        let (stage, round, register) = self.stage();
        let (general, seats) = sink.vector.split_at_mut(GENERAL);
        hot(general, stage as usize);
        general[4] = f32::from(round.min(100)) / 100.0;
        general[5] = f32::from(register) / REGISTERS as f32;
        general[6] = asked(seat);
        let (public, private) = seats.split_at_mut(n * PER_SEAT);
        let per = cards_len::<G>();
        for other in 0..n {
            let p = PlayerId(other as u8);
            let rel = relative(seat, other, n);
            public[rel * PER_SEAT + 1] = f32::from(self.reached(p)) / total;
            public[rel * PER_SEAT + 2] = asked(p);
            let mine = rel == 0 || full;
            let block = &mut private[rel * per..(rel + 1) * per];
            let (hand, rest) = block.split_at_mut(G::CARD_KINDS);
            let (registers, scalars) = rest.split_at_mut(G::CARD_KINDS * REGISTERS);
            if mine {
                self.hand_kinds(p, &mut |k| {
                    if let Some(x) = hand.get_mut(k) {
                        *x += 0.2;
                    }
                });
                self.scalars(p, scalars);
            }
            for r in 0..REGISTERS {
                if let Some((k, shown)) = self.register_kind(p, r) {
                    if mine || shown {
                        hot(&mut registers[r * G::CARD_KINDS..], k);
                    }
                }
            }
        }
    }

    fn text(&self) -> String {
        let robots: Vec<_> = (0..self.num_players())
            .map(|s| self.robot_at(PlayerId(s as u8)))
            .collect();
        format!(
            "{}\n{}\n",
            self.render_board(&robots, 0).trim_end(),
            self.standings()
        )
    }
}
