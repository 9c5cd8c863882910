//! Morph phase: the leader may transform once; shifting cards move a piece
//! of the map (which may open or close a secret factory); Transwarp moves
//! the leader alone to another held zone.

use crate::action::{Reason, Target};
use crate::card::Card;
use crate::event::Event;
use crate::ids::{PieceId, ZoneId};
use crate::map::PieceKind;
use crate::state::{Conquest, Stage};
use robo_core::PlayerId;

impl Conquest {
    /// Is there anything to choose in the morph phase besides going on?
    pub(crate) fn has_morph_choice(&self, p: PlayerId, transformed: bool) -> bool {
        let st = self.ps(p);
        (st.leader_at.is_some() && !transformed)
            || (self.holds(p, Card::SpaceBridge) && self.has_piece(PieceKind::Rotating))
            || (self.holds(p, Card::SeismicShift) && self.has_piece(PieceKind::Sliding))
            || (self.holds(p, Card::Transwarp) && !self.transwarp_targets(p).is_empty())
    }

    fn has_piece(&self, kind: PieceKind) -> bool {
        self.map.pieces().iter().any(|pc| pc.kind == kind)
    }

    /// Zones the leader of `p` may Transwarp to: any other held zone, if
    /// its own zone keeps a robot.
    pub(crate) fn transwarp_targets(&self, p: PlayerId) -> crate::ids::ZoneSet {
        let st = self.ps(p);
        match st.leader_at {
            Some(at) if self.zones[at.index()].robots > 0 => {
                st.held.minus(crate::ids::ZoneSet::single(at))
            }
            _ => crate::ids::ZoneSet::EMPTY,
        }
    }

    pub(crate) fn transform(&mut self, p: PlayerId, events: &mut Vec<Event>) -> Result<(), Reason> {
        let Stage::Morph { transformed } = self.stage else {
            return Err(Reason::AlreadyTransformed);
        };
        if transformed {
            return Err(Reason::AlreadyTransformed);
        }
        if self.ps(p).leader_at.is_none() {
            return Err(Reason::LeaderRemoved);
        }
        let st = self.ps_mut(p);
        st.mode = st.mode.other();
        let (leader, mode) = (st.leader, st.mode);
        events.push(Event::Transformed {
            player: p,
            leader,
            mode,
        });
        self.stage = Stage::Morph { transformed: true };
        self.settle(events);
        Ok(())
    }

    /// Morph phase: a shifting card or Transwarp.
    pub(crate) fn play_morph(
        &mut self,
        p: PlayerId,
        card: Card,
        target: Target,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        let not = |why: &str| Reason::CardNotPlayable {
            card,
            why: why.into(),
        };
        match (card, target) {
            (Card::SpaceBridge | Card::SeismicShift, Target::Piece { piece, position }) => {
                let want = if card == Card::SpaceBridge {
                    PieceKind::Rotating
                } else {
                    PieceKind::Sliding
                };
                let pc = self.map.piece(piece).ok_or(Reason::UnknownPiece(piece))?;
                if pc.kind != want {
                    return Err(not(if want == PieceKind::Rotating {
                        "it turns rotating pieces"
                    } else {
                        "it slides sliding pieces"
                    }));
                }
                let from = self.pieces.get(piece.index()).copied().unwrap_or(0);
                if !pc.steps_from(from).contains(&position) {
                    return Err(not("the piece moves one step at a time"));
                }
                self.take_card(p, card)?;
                events.push(Event::CardPlayed {
                    player: p,
                    card,
                    target,
                });
                self.shift(piece, position, events);
            }
            (Card::Transwarp, Target::Zone(to)) => {
                self.check_own(p, to)?;
                let Some(at) = self.ps(p).leader_at else {
                    return Err(Reason::LeaderRemoved);
                };
                if at == to {
                    return Err(Reason::SameZone(to));
                }
                if self.zones[at.index()].robots == 0 {
                    return Err(Reason::Robots {
                        zone: at,
                        robots: 0,
                    });
                }
                self.take_card(p, card)?;
                events.push(Event::CardPlayed {
                    player: p,
                    card,
                    target,
                });
                self.ps_mut(p).leader_at = Some(to);
                events.push(Event::LeaderMoved {
                    player: p,
                    from: at,
                    to,
                });
            }
            (Card::SpaceBridge | Card::SeismicShift, _) => {
                return Err(not("it needs a piece and a position"))
            }
            (Card::Transwarp, _) => return Err(not("it needs a zone")),
            _ => {
                return Err(not(
                    "only shifting cards and Transwarp are played in the morph phase",
                ))
            }
        }
        self.settle(events);
        Ok(())
    }

    /// Moves a piece and reports factories that open or close.
    pub(crate) fn shift(&mut self, piece: PieceId, position: u8, events: &mut Vec<Event>) {
        let before = self.open;
        if let Some(p) = self.pieces.get_mut(piece.index()) {
            *p = position;
        }
        self.refresh_pieces();
        events.push(Event::Shifted { piece, position });
        for zone in self.open.minus(before) {
            events.push(Event::FactoryOpened { zone });
        }
        for zone in before.minus(self.open) {
            events.push(Event::FactoryClosed { zone });
        }
    }

    /// The zone where Barricade stands in vehicle mode (his Roadblock),
    /// if any.
    pub(crate) fn roadblock_zone(&self) -> Option<ZoneId> {
        self.players
            .iter()
            .find(|st| crate::battle::Fighter::new(st.leader, st.mode).roadblock())
            .and_then(|st| st.leader_at)
    }
}
