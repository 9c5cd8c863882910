//! Attack phase: declaring an attack, the defender's answer, the roll,
//! losses (a fighting leader falls only as the last robot of its side in
//! that roll), capture and moving in.

use crate::action::Reason;
use crate::battle::{self, roll, Fighter, Side, SideRoll};
use crate::card::{Card, CardKind};
use crate::event::Event;
use crate::ids::ZoneId;
use crate::state::{Battle, Conquest, Stage};
use robo_core::PlayerId;

/// What an attack from one zone on another allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttackLimits {
    /// Most dice.
    pub max_dice: u8,
    /// The leader is in the attacking zone (and may fight or stay).
    pub leader: bool,
}

/// What a defence of a zone allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DefenceLimits {
    /// Ordinary robots in the zone.
    pub robots: u8,
    /// The leader is there.
    pub leader: bool,
    /// Most dice.
    pub max_dice: u8,
}

impl Conquest {
    /// The limits of an attack from `from` (held by `p`) on `to`, or why it
    /// cannot be made at all.
    pub(crate) fn attack_limits(
        &self,
        p: PlayerId,
        from: ZoneId,
        to: ZoneId,
    ) -> Result<AttackLimits, Reason> {
        self.check_own(p, from)?;
        self.check_zone(to)?;
        match self.zones[to.index()].owner {
            Some(o) if !self.same_side(p, o) => {}
            _ => return Err(Reason::NotEnemy(to)),
        }
        if !self.neighbours(from).contains(to) {
            return Err(Reason::NotAdjacent { from, to });
        }
        let robots = self.zones[from.index()].robots;
        let leader = self.ps(p).leader_at == Some(from);
        // One robot stays behind: the leader may be it, unless it fights.
        let mut max_dice = if leader {
            robots
        } else {
            robots.saturating_sub(1)
        }
        .min(3);
        max_dice = max_dice.min(battle::max_attack_dice(self.fighter_in(to)));
        if max_dice == 0 {
            return Err(Reason::Robots {
                zone: from,
                robots: 1,
            });
        }
        Ok(AttackLimits { max_dice, leader })
    }

    /// Can `p` attack anywhere now?
    pub(crate) fn can_attack(&self, p: PlayerId) -> bool {
        let mut any = false;
        self.visit_attacks(p, |_, _, _| {
            any = true;
            true
        });
        any
    }

    pub(crate) fn declare_attack(
        &mut self,
        p: PlayerId,
        battle: Battle,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        let Battle {
            from,
            to,
            dice,
            leader,
            card,
        } = battle;
        let lim = self.attack_limits(p, from, to)?;
        if dice == 0 || dice > lim.max_dice {
            return Err(Reason::Dice {
                dice,
                max: lim.max_dice,
            });
        }
        if leader && !lim.leader {
            return Err(Reason::NoLeader(from));
        }
        if let Some(c) = card {
            if c.kind() != CardKind::Attack {
                return Err(Reason::CardNotPlayable {
                    card: c,
                    why: "only attack cards go with an attack".into(),
                });
            }
            self.take_card(p, c)?;
        }
        let defender = self.zones[to.index()].owner.unwrap_or(p);
        events.push(Event::AttackDeclared {
            attacker: p,
            defender,
            from,
            to,
            dice,
            leader,
            card,
        });
        self.stage = Stage::Defend(battle);
        Ok(())
    }

    /// The limits of defending `to` against `battle`.
    pub(crate) fn defence_limits(&self, battle: &Battle) -> DefenceLimits {
        let to = battle.to;
        let robots = self.zones.get(to.index()).map_or(0, |z| z.robots);
        let leader = self.leader_in(to);
        let cap = battle::max_defence_dice(battle.card);
        DefenceLimits {
            robots,
            leader,
            max_dice: (robots + u8::from(leader)).min(cap),
        }
    }

    pub(crate) fn defend(
        &mut self,
        defender: PlayerId,
        dice: u8,
        leader: bool,
        card: Option<Card>,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        let Stage::Defend(b) = self.stage else {
            return Err(Reason::NotYours(ZoneId(0)));
        };
        let lim = self.defence_limits(&b);
        if dice == 0 || dice > lim.max_dice {
            return Err(Reason::Dice {
                dice,
                max: lim.max_dice,
            });
        }
        if leader && !lim.leader {
            return Err(Reason::NoLeader(b.to));
        }
        if !leader && dice > lim.robots {
            return Err(Reason::Dice {
                dice,
                max: lim.robots,
            });
        }
        if let Some(c) = card {
            if c.kind() != CardKind::Defence {
                return Err(Reason::CardNotPlayable {
                    card: c,
                    why: "only defence cards go with a defence".into(),
                });
            }
            self.take_card(defender, c)?;
        }
        events.push(Event::DefenceChosen {
            defender,
            dice,
            leader,
            card,
        });
        let attacker = self.turn;
        let (attack, defence, armor) = self.roll_spec(defender, &b, dice, leader, card);
        let r = roll(&mut self.rng, &attack, &defence, armor);
        events.push(Event::Rolled {
            attack: r.attack,
            defence: r.defence,
            attacker_lost: r.attacker_lost,
            defender_lost: r.defender_lost,
        });
        self.lose(attacker, b.from, b.dice, b.leader, r.attacker_lost, events);
        self.lose(defender, b.to, dice, leader, r.defender_lost, events);
        if self.strength(b.to) == 0 {
            self.capture(attacker, defender, b, events);
        } else {
            self.stage = Stage::Attack;
            self.settle(events);
        }
        Ok(())
    }

    /// How each side rolls ([`crate::battle::dice`]): the leaders who
    /// fight, in their modes, and the cards. Returns the attacker's roll,
    /// the defender's roll, and whether Armor Plating protects the defender.
    pub(crate) fn roll_spec(
        &self,
        defender: PlayerId,
        b: &Battle,
        dice: u8,
        leader: bool,
        card: Option<Card>,
    ) -> (SideRoll, SideRoll, bool) {
        let fighter = |p: PlayerId, fights: bool| {
            let st = self.ps(p);
            fights.then_some(Fighter::new(st.leader, st.mode))
        };
        battle::dice(
            &Side {
                dice: b.dice,
                leader: fighter(self.turn, b.leader),
                card: b.card,
            },
            &Side {
                dice,
                leader: fighter(defender, leader),
                card,
            },
            self.rules.leader_d8,
        )
    }

    /// Removes `lost` of the `fighters` robots of `p` in `z`: ordinary
    /// robots first, the fighting leader only when every fighter is lost.
    pub(crate) fn lose(
        &mut self,
        p: PlayerId,
        z: ZoneId,
        fighters: u8,
        leader: bool,
        lost: u8,
        events: &mut Vec<Event>,
    ) {
        let ordinary = fighters.saturating_sub(u8::from(leader));
        let k = lost.min(ordinary);
        let zone = &mut self.zones[z.index()];
        zone.robots = zone.robots.saturating_sub(k);
        let st = self.ps_mut(p);
        st.removed = st.removed.saturating_add(k);
        if leader && lost > ordinary {
            st.leader_at = None;
            let who = st.leader;
            events.push(Event::LeaderRemoved {
                player: p,
                leader: who,
                zone: z,
            });
        }
    }

    fn capture(
        &mut self,
        attacker: PlayerId,
        defender: PlayerId,
        b: Battle,
        events: &mut Vec<Event>,
    ) {
        self.zones[b.to.index()].owner = None;
        events.push(Event::Captured {
            player: attacker,
            zone: b.to,
            from: defender,
        });
        let d = self.ps_mut(defender);
        d.held.remove(b.to);
        if d.held.is_empty() {
            d.out = true;
            let hand = std::mem::take(&mut d.hand);
            for c in hand {
                self.deck.discard(c);
            }
            events.push(Event::Eliminated { player: defender });
        }
        self.ps_mut(attacker).captured = true;
        self.stage = Stage::MoveIn {
            from: b.from,
            to: b.to,
        };
    }

    /// Checks a move of `robots` (and the leader) out of `from`, which must
    /// keep a robot.
    pub(crate) fn check_move(
        &self,
        p: PlayerId,
        from: ZoneId,
        robots: u8,
        leader: bool,
    ) -> Result<(), Reason> {
        let have = self.zones[from.index()].robots;
        let has_leader = self.ps(p).leader_at == Some(from);
        if leader && !has_leader {
            return Err(Reason::NoLeader(from));
        }
        if robots == 0 && !leader {
            return Err(Reason::NothingMoved);
        }
        let stays = i16::from(have) - i16::from(robots) + i16::from(has_leader && !leader);
        if robots > have || stays < 1 {
            return Err(Reason::Robots { zone: from, robots });
        }
        Ok(())
    }

    /// Moves robots (and the leader) between two zones of `p`; `to` becomes
    /// `p`'s if it was empty.
    pub(crate) fn move_robots(
        &mut self,
        p: PlayerId,
        from: ZoneId,
        to: ZoneId,
        robots: u8,
        leader: bool,
    ) {
        self.zones[from.index()].robots -= robots;
        let dest = &mut self.zones[to.index()];
        dest.owner = Some(p);
        dest.robots += robots;
        let st = self.ps_mut(p);
        st.held.insert(to);
        if leader {
            st.leader_at = Some(to);
        }
    }

    pub(crate) fn move_in(
        &mut self,
        p: PlayerId,
        robots: u8,
        leader: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), Reason> {
        let Stage::MoveIn { from, to } = self.stage else {
            return Err(Reason::NothingMoved);
        };
        self.check_move(p, from, robots, leader)?;
        self.move_robots(p, from, to, robots, leader);
        events.push(Event::MovedIn {
            player: p,
            from,
            to,
            robots,
            leader,
        });
        self.stage = Stage::Attack;
        self.check_elimination(events);
        self.settle(events);
        Ok(())
    }
}
