//! The robots on the board: placing, removing and reading them; virtual
//! and flying robots.

use super::{Extra, World};
use robo_core::event::GridEvent;
use robo_core::geom::{Dir, Pos};
use robo_core::ids::RobotId;
use robo_core::race::body::{Bodies, Body};
use smallvec::SmallVec;

impl World {
    /// The robots.
    #[must_use]
    pub fn bodies(&self) -> &Bodies<Extra> {
        &self.bodies
    }

    /// Where robot `r` stands and faces, if on the board.
    #[must_use]
    pub fn at(&self, r: RobotId) -> Option<(Pos, Dir)> {
        self.bodies.on_board(r).map(|b| (b.pos, b.facing))
    }

    /// May a robot on the board be virtual? `false` only when none is
    /// (known without a scan once one has found none).
    #[must_use]
    pub fn may_have_ghosts(&self) -> bool {
        !self.memo.no_ghosts
    }

    /// Is robot `r` virtual?
    #[must_use]
    pub fn is_ghost(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.ghost)
    }

    /// Is robot `r` flying?
    #[must_use]
    pub fn is_flying(&self, r: RobotId) -> bool {
        self.bodies.get(r).is_some_and(|b| b.extra.flying)
    }

    /// Robot `r` takes off (`true`) or lands.
    pub fn set_flying(&mut self, r: RobotId, flying: bool) {
        if let Some(b) = self.bodies.get(r).copied() {
            let extra = Extra { flying, ..b.extra };
            self.bodies.set(r, Body { extra, ..b });
        }
    }

    /// Puts robot `r` on `pos` facing `facing`, virtual or not (flying as
    /// it was).
    pub fn place(&mut self, r: RobotId, pos: Pos, facing: Dir, ghost: bool) {
        let flying = self.is_flying(r);
        if ghost {
            self.memo.no_ghosts = false;
        }
        self.bodies.set(
            r,
            Body {
                pos,
                facing,
                on_board: true,
                extra: Extra {
                    ghost,
                    flying,
                    goo: 0,
                },
            },
        );
        self.log.push(GridEvent::Placed {
            robot: r,
            at: pos,
            facing,
        });
    }

    /// Takes robot `r` off the board.
    pub fn remove(&mut self, r: RobotId) {
        if let Some(at) = self.bodies.pos(r) {
            if self.bodies.on_board(r).is_some() {
                self.log.push(GridEvent::Removed { robot: r, at });
            }
        }
        self.bodies.remove(r);
    }

    /// Virtual robots standing alone become real; returns them.
    pub fn settle_ghosts(&mut self) -> SmallVec<[RobotId; 8]> {
        let mut real = SmallVec::new();
        if self.memo.no_ghosts {
            return real;
        }
        if !self.bodies.iter().any(|b| b.on_board && b.extra.ghost) {
            self.memo.no_ghosts = true;
            return real;
        }
        for i in 0..self.bodies.len() {
            let r = RobotId(i as u8);
            let Some(b) = self.bodies.on_board(r).copied() else {
                continue;
            };
            let alone = !self
                .bodies
                .placed()
                .any(|(o, ob)| o != r && ob.pos == b.pos);
            if b.extra.ghost && alone {
                self.bodies.set(
                    r,
                    Body {
                        extra: Extra {
                            ghost: false,
                            ..b.extra
                        },
                        ..b
                    },
                );
                real.push(r);
            }
        }
        real
    }
}
