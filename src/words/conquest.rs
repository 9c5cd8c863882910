//! A conquest game in words: [`ConquestWords`].

use robo_core::PlayerId;
use variant_conquest::battle::Dice;
use variant_conquest::{
    Card, Conquest, ConquestOutcome, Event, Faction, Leader, MapHandle, Mode, PieceId, Target,
    Victory, ZoneId,
};

/// `n` things, in the plural unless one: `1 robot`, `3 robots`, `2 dice`.
///
/// ```
/// use roborally::words::count;
/// assert_eq!(count(1u8, "robot"), "1 robot");
/// assert_eq!(count(0u8, "robot"), "0 robots");
/// assert_eq!(count(2u8, "die"), "2 dice");
/// ```
#[must_use]
pub fn count(n: impl Into<u32>, thing: &str) -> String {
    match (n.into(), thing) {
        (1, _) => format!("1 {thing}"),
        (n, "die") => format!("{n} dice"),
        (n, "army") => format!("{n} armies"),
        (n, _) => format!("{n} {thing}s"),
    }
}

/// Dice as they count, high to low, with the roll before modifiers when
/// a modifier changed it: `6-4-2`, `6-5 (rolled 5-5)`.
#[must_use]
pub fn dice_text(d: &Dice) -> String {
    let show = |v: &[u8]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("-")
    };
    if d.rolled() == d.values() {
        show(d.values())
    } else {
        format!("{} (rolled {})", show(d.values()), show(d.rolled()))
    }
}

/// What a card does, in a few words.
///
/// ```
/// use roborally::words::card_effect;
/// use variant_conquest::Card;
/// assert_eq!(card_effect(Card::Blitz), "the defender rolls only one die");
/// ```
#[must_use]
pub fn card_effect(card: Card) -> &'static str {
    match card {
        Card::Reinforcements => "3 more robots to place",
        Card::EmergencyRecall => "2 more robots to place",
        Card::FactoryOverdrive => {
            "3 more robots to place if you hold an open secret factory, else 1"
        }
        Card::IonBlaster => "+1 on your highest die when you attack",
        Card::TargetingScanner => "you win ties when you attack",
        Card::Blitz => "the defender rolls only one die",
        Card::ForceField => "+1 on your highest die when you defend",
        Card::ArmorPlating => "when you defend, your first lost comparison costs no robot",
        Card::Smokescreen => "-1 on the attacker's highest die when you defend",
        Card::SpaceBridge => "turn a rotating piece of the map one step (morph phase)",
        Card::SeismicShift => "slide a sliding piece of the map one step (morph phase)",
        Card::Transwarp => "your leader jumps alone to any zone you hold (morph phase)",
        Card::RapidTransit => "one more backup move this turn",
    }
}

/// What a leader does in a mode, in a few words.
///
/// ```
/// use roborally::words::leader_effect;
/// use variant_conquest::{Leader, Mode};
/// assert!(leader_effect(Leader::Megatron, Mode::Vehicle).contains("2 more robots"));
/// ```
#[must_use]
pub fn leader_effect(leader: Leader, mode: Mode) -> &'static str {
    match (leader, mode) {
        (Leader::OptimusPrime, Mode::Robot) => "+1 on his side's highest die in his battles",
        (Leader::OptimusPrime, Mode::Vehicle) => {
            "backup moves may go to any zone joined by a chain of your zones"
        }
        (Leader::Bumblebee, Mode::Robot) => "his side wins ties in his battles",
        (Leader::Bumblebee, Mode::Vehicle) => "two backup moves a turn instead of one",
        (Leader::Megatron, Mode::Robot) => "-1 on the other side's highest die in his battles",
        (Leader::Megatron, Mode::Vehicle) => "2 more robots to place every turn",
        (Leader::Barricade, Mode::Robot) => "+1 on his side's lowest die in his battles",
        (Leader::Barricade, Mode::Vehicle) => "attacks on his zone roll at most 2 dice",
    }
}

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

    fn attack_with(&self, leader: bool, card: Option<Card>, who: PlayerId) -> String {
        let mut with = Vec::new();
        if leader {
            with.push(format!("{} fighting", self.leader(who)));
        }
        if let Some(c) = card {
            with.push(format!("playing {c}"));
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
                    self.attack_with(leader, card, attacker)
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
                self.attack_with(leader, card, defender)
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
mod tests {
    use super::*;
    use robo_core::{Game, Pending, Policy};
    use smallvec::smallvec;
    use variant_conquest::bots::GreedyBot;
    use variant_conquest::Setup;

    #[test]
    fn a_whole_game_is_told_without_ids_or_debug_names() {
        let mut game = Conquest::new(Setup::for_players(3), 5).unwrap();
        let mut words = ConquestWords::new(&game, Seen::All);
        let mut bots: Vec<GreedyBot> = (0..3).map(GreedyBot::new).collect();
        let mut lines = Vec::new();
        while let Pending::Decision { player, .. } = game.pending() {
            let a = bots[player.index()].choose(&game, player).unwrap();
            for e in game.apply(player, a).unwrap() {
                lines.extend(words.event(&e));
            }
        }
        let text = lines.join("\n");
        for needle in [
            "Optimus Prime claims ",
            "=== day 6 ===",
            " attacks ",
            "dice: ",
            " captures ",
            " draws ",
            "the game is over: ",
        ] {
            assert!(text.contains(needle), "no `{needle}` in the story");
        }
        // Zones by name, never Z12; no enum or struct names.
        for bad in ["Z1", "Z2", "Z3", "P0", "Some(", "None", "{", "Elimination"] {
            assert!(!text.contains(bad), "`{bad}` in the story");
        }
    }

    #[test]
    fn other_players_cards_stay_hidden_from_a_seat() {
        let game = Conquest::new(Setup::for_players(2), 1).unwrap();
        let drawn = Event::CardDrawn {
            player: PlayerId(0),
            card: Some(Card::Blitz),
        };
        let mut mine = ConquestWords::new(&game, Seen::Seat(PlayerId(0)));
        let mut theirs = ConquestWords::new(&game, Seen::Seat(PlayerId(1)));
        assert_eq!(
            mine.event(&drawn).unwrap(),
            "Optimus Prime (you) draws Blitz (the defender rolls only one die) for capturing a zone"
        );
        assert_eq!(
            theirs.event(&drawn).unwrap(),
            "Optimus Prime draws a card for capturing a zone"
        );
    }

    #[test]
    fn endings_are_plain_words() {
        let game = Conquest::new(Setup::for_players(2), 1).unwrap();
        let words = ConquestWords::new(&game, Seen::All);
        let o = ConquestOutcome {
            winners: smallvec![PlayerId(1)],
            victory: Victory::Elimination,
            zones: smallvec![0, 42],
            round: 4,
        };
        assert_eq!(
            words.outcome(&o),
            "Megatron wins with 42 of 42 zones: wiped out every enemy on day 4"
        );
    }
}
