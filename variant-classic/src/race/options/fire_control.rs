//! Fire Control: each hit of the main laser may, its owner's choice, lock
//! one of the target's registers or destroy one of its options instead of
//! dealing a damage token. The locks last until the target's next repair,
//! power down or destruction (engine ruling 39).

use super::super::{Action, Aim, Event, Loss, Race, Task, REGISTERS};
use crate::options::OptionCard;
use robo_core::geom::Dir;
use robo_core::ids::{PlayerId, RobotId};
use robo_core::race::fire::Hit;

impl Race {
    /// The question a hit asks instead of dealing its token: a hit of the
    /// main laser (not a Rear Laser's) of a robot holding Fire Control.
    pub(in crate::race) fn fire_control(&self, h: &Hit) -> Option<Task> {
        let firer = &self.robots[h.by.index()];
        if firer.options.is_empty() || !firer.active(OptionCard::FireControl) {
            return None;
        }
        let facing = self.world.at(h.by)?.1;
        (facing == h.dir).then_some(Task::FireControl {
            player: PlayerId::of(h.by),
            target: PlayerId::of(h.target),
            dir: h.dir,
        })
    }

    /// What a Fire Control hit on `target` may do: a token, a lock of any
    /// register not locked yet, or the destruction of any of its options.
    pub(in crate::race) fn aims(&self, target: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Aim(Aim::Damage));
        let Some(t) = self.robots.get(target.index()) else {
            return;
        };
        if t.destroyed {
            return;
        }
        for reg in 1..=REGISTERS as u8 {
            if !t.is_locked(reg) {
                out.push(Action::Aim(Aim::Lock(reg)));
            }
        }
        out.extend((0..t.options.len() as u8).map(|i| Action::Aim(Aim::Destroy(i))));
    }

    /// A Fire Control hit on `target`, travelling towards `dir`, does
    /// `aim` (a choice no longer open falls back to the token).
    pub(in crate::race) fn fire_control_aim(&mut self, target: PlayerId, dir: Dir, aim: Aim) {
        let Some(t) = self.robots.get_mut(target.index()) else {
            return;
        };
        match aim {
            Aim::Lock(reg) if (1..=REGISTERS as u8).contains(&reg) && !t.destroyed => {
                t.marks.locks |= 1 << (reg - 1);
                self.emit(Event::RegisterLocked {
                    player: target,
                    register: reg,
                });
            }
            Aim::Destroy(i) if usize::from(i) < t.options.len() && !t.destroyed => {
                self.lose_option(target, i, Loss::Shot);
            }
            _ => {
                let harm = self.world.shot(RobotId::of(target), 1, dir, None);
                self.world.harm.push(harm);
                let _ = self.count_harm();
            }
        }
    }

    /// Fire Control's locks on robot `p` end (its repair, power down or
    /// destruction).
    pub(in crate::race) fn unlock_fire_control(&mut self, p: PlayerId) {
        if let Some(r) = self.robots.get_mut(p.index()) {
            r.marks.locks = 0;
        }
    }
}
