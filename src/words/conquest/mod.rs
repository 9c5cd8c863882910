//! A conquest game in words: [`ConquestWords`].

mod terms;

pub use terms::{card_effect, count, dice_text, leader_effect};

use robo_core::PlayerId;
use variant_conquest::{
    Card, Conquest, ConquestOutcome, Event, Faction, Leader, MapHandle, PieceId, Target, Victory,
    ZoneId,
};

/// Whose eyes the words are for: one seat (other players' drawn cards
/// stay hidden), or everyone after the game (a replay shows them all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The player in this seat.
    Seat(PlayerId),
    /// Everyone, every card.
    All,
}

/// A conquest game told in words: zones by their map names, players by
/// their leaders, events in sentences. It follows the battle being told
/// (a roll names no one), so tell it every event in order.
///
/// ```
/// use robo_core::{Game, PlayerId};
/// use roborally::words::{ConquestWords, Seen};
/// use variant_conquest::{Conquest, Event, Setup, ZoneId};
/// let game = Conquest::new(Setup::for_players(2), 1).unwrap();
/// let mut words = ConquestWords::new(&game, Seen::Seat(PlayerId(1)));
/// let e = Event::Claimed { player: PlayerId(1), zone: ZoneId(0) };
/// assert_eq!(words.event(&e).unwrap(), "Megatron (you) claims Northern Spires");
/// ```
#[derive(Clone, Debug)]
pub struct ConquestWords {
    map: MapHandle,
    leaders: Vec<Leader>,
    seen: Seen,
    sides: bool,
    /// The battle being told: attacker, defender.
    battle: Option<(PlayerId, PlayerId)>,
}

impl ConquestWords {
    /// Words for `game`, for the eyes of `seen`.
    #[must_use]
    pub fn new(game: &Conquest, seen: Seen) -> Self {
        ConquestWords {
            map: game.map().clone(),
            leaders: game.players().iter().map(|p| p.leader).collect(),
            seen,
            sides: game.rules().sides,
            battle: None,
        }
    }

    /// A zone's name on the map.
    #[must_use]
    pub fn zone(&self, z: ZoneId) -> &str {
        self.map.zone_name(z)
    }

    /// A shifting piece's name.
    #[must_use]
    pub fn piece(&self, p: PieceId) -> &str {
        self.map.piece(p).map_or("?", |pc| pc.name.as_str())
    }

    /// The zones a piece joins to its own zone in a position, by name:
    /// `Uraya Flats`, `Vos Foundry and Harmonex Flats`.
    #[must_use]
    pub fn piece_links(&self, p: PieceId, position: u8) -> String {
        let Some(pos) = self
            .map
            .piece(p)
            .and_then(|pc| pc.positions.get(usize::from(position)))
        else {
            return "nothing".to_string();
        };
        let names: Vec<&str> = pos.links.iter().map(|z| self.zone(z)).collect();
        if names.is_empty() {
            "nothing".to_string()
        } else {
            names.join(" and ")
        }
    }

    /// The leader of a seat: `Megatron`.
    #[must_use]
    pub fn leader(&self, p: PlayerId) -> String {
        self.leaders
            .get(p.index())
            .map_or_else(|| p.to_string(), |l| l.to_string())
    }

    /// A player by their leader, marked when it is the reader:
    /// `Megatron`, `Megatron (you)`.
    #[must_use]
    pub fn player(&self, p: PlayerId) -> String {
        let you = if self.seen == Seen::Seat(p) {
            " (you)"
        } else {
            ""
        };
        format!("{}{you}", self.leader(p))
    }

    /// What fights beside a side's robots, after them: `, Megatron
    /// fighting, playing Blitz` (with the card's effect when `effects`),
    /// or nothing.
    #[must_use]
    pub fn fighting(
        &self,
        leader: bool,
        card: Option<Card>,
        who: PlayerId,
        effects: bool,
    ) -> String {
        let mut with = Vec::new();
        if leader {
            with.push(format!("{} fighting", self.leader(who)));
        }
        match card {
            Some(c) if effects => with.push(format!("playing {c} ({})", card_effect(c))),
            Some(c) => with.push(format!("playing {c}")),
            None => {}
        }
        if with.is_empty() {
            String::new()
        } else {
            format!(", {}", with.join(", "))
        }
    }

    /// What a played card did, after `plays Card`.
    fn target(&self, card: Card, target: &Target) -> String {
        match *target {
            Target::None => format!(" ({})", card_effect(card)),
            Target::Zone(z) => format!(": the leader jumps to {}", self.zone(z)),
            Target::Piece { piece, position } => format!(
                ": {} now joins {}",
                self.piece(piece),
                self.piece_links(piece, position)
            ),
        }
    }

    /// An event in a sentence; `None` for nothing worth a line.
    pub fn event(&mut self, event: &Event) -> Option<String> {
        let event = match self.seen {
            Seen::Seat(p) => event.seen_by(p),
            Seen::All => event.clone(),
        };
        let z = |w: &Self, id: ZoneId| w.zone(id).to_string();
        Some(match event {
            Event::Claimed { player, zone } => {
                format!("{} claims {}", self.player(player), z(self, zone))
            }
            Event::Placed { player, zone } => {
                format!(
                    "{} places a robot on {}",
                    self.player(player),
                    z(self, zone)
                )
            }
            Event::SetupComplete => "every setup robot is placed: the game begins".to_string(),
            Event::RoundStarted { round } => format!("=== day {round} ==="),
            Event::TurnStarted { player } => format!("--- {}'s turn ---", self.player(player)),
            Event::Reinforced {
                player,
                reinforcement: r,
            } => {
                let mut why = vec![format!("{} for the zones held", r.zones)];
                if r.sectors > 0 {
                    why.push(format!("{} for whole sectors", r.sectors));
                }
                if r.factories > 0 {
                    why.push(format!("{} from secret factories", r.factories));
                }
                if r.leader > 0 {
                    why.push(format!("{} from the leader", r.leader));
                }
                let short = if u32::from(r.granted) < r.total() {
                    format!(", but only {} are left in the supply", r.granted)
                } else {
                    String::new()
                };
                format!(
                    "{} gets {} to place ({}){short}",
                    self.player(player),
                    count(r.granted, "robot"),
                    why.join(", ")
                )
            }
            Event::CardPlayed {
                player,
                card,
                target,
            } => {
                // Attack and defence cards are told with their battle.
                if matches!(target, Target::None)
                    && matches!(
                        card.kind(),
                        variant_conquest::CardKind::Attack | variant_conquest::CardKind::Defence
                    )
                {
                    return None;
                }
                format!(
                    "{} plays {card}{}",
                    self.player(player),
                    self.target(card, &target)
                )
            }
            Event::ExtraRobots { player, robots } => format!(
                "{} gets {} more to place",
                self.player(player),
                count(robots, "robot")
            ),
            Event::Transformed {
                player,
                leader,
                mode,
            } => format!(
                "{} transforms to {mode} mode ({})",
                self.player(player),
                leader_effect(leader, mode)
            ),
            Event::Shifted { piece, position } => format!(
                "the {} shifts: it now joins {}",
                self.piece(piece),
                self.piece_links(piece, position)
            ),
            Event::FactoryOpened { zone } => {
                format!("the secret factory of {} opens", z(self, zone))
            }
            Event::FactoryClosed { zone } => {
                format!("the secret factory of {} closes", z(self, zone))
            }
            Event::LeaderMoved { player, from, to } => format!(
                "{} jumps from {} to {}",
                self.leader(player),
                z(self, from),
                z(self, to)
            ),
            Event::AttackDeclared {
                attacker,
                defender,
                from,
                to,
                dice,
                leader,
                card,
            } => {
                self.battle = Some((attacker, defender));
                format!(
                    "{} attacks {}'s {} from {} with {}{}",
                    self.player(attacker),
                    self.player(defender),
                    z(self, to),
                    z(self, from),
                    count(dice, "robot"),
                    self.fighting(leader, card, attacker, false)
                )
            }
            Event::DefenceChosen {
                defender,
                dice,
                leader,
                card,
            } => format!(
                "{} defends with {}{}",
                self.player(defender),
                count(dice, "robot"),
                self.fighting(leader, card, defender, false)
            ),
            Event::Rolled {
                attack,
                defence,
                attacker_lost,
                defender_lost,
            } => {
                let (a, d) = match self.battle {
                    Some((a, d)) => (self.player(a), self.player(d)),
                    None => ("the attacker".to_string(), "the defender".to_string()),
                };
                format!(
                    "dice: {a} {} against {d} {}: {a} loses {}, {d} loses {}",
                    dice_text(&attack),
                    dice_text(&defence),
                    count(attacker_lost, "robot"),
                    count(defender_lost, "robot"),
                )
            }
            Event::LeaderRemoved {
                player,
                leader,
                zone,
                ..
            } => {
                let whose = if self.seen == Seen::Seat(player) {
                    "your robots fight on without him"
                } else {
                    "his robots fight on without him"
                };
                format!(
                    "{leader} falls at {} and leaves the game: {whose}",
                    z(self, zone)
                )
            }
            Event::Captured { player, zone, from } => format!(
                "{} captures {} from {}",
                self.player(player),
                z(self, zone),
                self.player(from)
            ),
            Event::Eliminated { player } => {
                format!("{} holds no zone any more and is out", self.player(player))
            }
            Event::MovedIn {
                player,
                to,
                robots,
                leader,
                ..
            } => format!(
                "{} moves {}{} into {}",
                self.player(player),
                count(robots, "robot"),
                if leader { " and the leader" } else { "" },
                z(self, to)
            ),
            Event::BackedUp {
                player,
                from,
                to,
                robots,
                leader,
            } => format!(
                "{} moves {}{} from {} to {} (backup)",
                self.player(player),
                count(robots, "robot"),
                if leader { " and the leader" } else { "" },
                z(self, from),
                z(self, to)
            ),
            Event::DeckReshuffled => "the upgrade discard pile is shuffled into a new deck".into(),
            Event::CardDrawn { player, card } => match card {
                Some(c) => format!(
                    "{} draws {c} ({}) for capturing a zone",
                    self.player(player),
                    card_effect(c)
                ),
                None => format!("{} draws a card for capturing a zone", self.player(player)),
            },
            Event::NoCardToDraw { player } => format!(
                "{} captured a zone but no upgrade card is left to draw",
                self.player(player)
            ),
            Event::GameOver(outcome) => format!("the game is over: {}", self.outcome(&outcome)),
        })
    }

    /// How the game ended, in plain words: `Megatron wins with 23 of 42
    /// zones: held the most zones after day 6`.
    #[must_use]
    pub fn outcome(&self, o: &ConquestOutcome) -> String {
        let names: Vec<String> = o.winners.iter().map(|&w| self.player(w)).collect();
        let when = if o.victory == Victory::Elimination {
            format!("on day {}", o.round)
        } else {
            format!("after day {}", o.round)
        };
        let zones = self.map.zone_count();
        let side = match (self.sides, o.winners.first()) {
            (true, Some(w)) => self
                .leaders
                .get(w.index())
                .map(|l| match l.faction() {
                    Faction::Autobots => "the Autobots, ",
                    Faction::Decepticons => "the Decepticons, ",
                })
                .unwrap_or_default(),
            _ => "",
        };
        let verb = if o.winners.len() == 1 { "wins" } else { "win" };
        format!(
            "{side}{} {verb} with {} of {zones} zones: {} {when}",
            names.join(" and "),
            o.winning_zones(),
            o.victory
        )
    }
}

#[cfg(test)]
mod tests;
