//! Conquest's questions in words: each decision's question, each option
//! as a sentence, and the short questions that narrow the options down
//! ([`Facet`]s).

use super::ConquestPresenter;
use crate::terminal::Facet;
use crate::words::{card_effect, count, leader_effect};
use robo_core::protocol::Pending;
use robo_core::PlayerId;
use variant_conquest::{Action, Card, Decision, Mode, PieceId, Target, View, ZoneId, ZoneKind};

/// The decision a view waits for.
fn decision(view: &View) -> Option<Decision> {
    match &view.pending {
        Pending::Decision { decision, .. } => Some(*decision),
        _ => None,
    }
}

fn leader_name(view: &View, p: PlayerId) -> String {
    view.players
        .get(p.index())
        .map_or_else(|| p.to_string(), |v| v.leader.to_string())
}

/// `Kaon Arena (5 robots, Megatron there)`, `Tesarus Docks (Optimus
/// Prime's, 3 robots)`, `Iacon Citadel (empty)`, with the zone's kind.
pub(super) fn zone_label(p: &ConquestPresenter, view: &View, z: ZoneId) -> String {
    let state = view.zones.get(z.index()).copied().unwrap_or_default();
    let mut parts = Vec::new();
    match state.owner {
        None => parts.push("empty".to_string()),
        Some(o) if o == p.you => parts.push(count(state.robots, "robot")),
        Some(o) => {
            parts.push(format!("{}'s", leader_name(view, o)));
            parts.push(count(state.robots, "robot"));
        }
    }
    for (i, pl) in view.players.iter().enumerate() {
        if pl.leader_at == Some(z) && state.owner == Some(PlayerId(i as u8)) {
            parts.push(format!("{} there", pl.leader));
        }
    }
    match p.map.zone(z).map(|d| d.kind) {
        Some(ZoneKind::LaunchPad) => parts.push("the Launch Pad".into()),
        Some(ZoneKind::Factory) if view.open_factories.contains(z) => {
            parts.push("open secret factory".into());
        }
        Some(ZoneKind::Factory) => parts.push("closed secret factory".into()),
        Some(ZoneKind::Shifting) => parts.push("shifting piece".into()),
        _ => {}
    }
    format!("{} ({})", p.zone(z), parts.join(", "))
}

/// The sector of a zone, for the first of two questions about a zone.
fn sector(p: &ConquestPresenter, z: ZoneId) -> String {
    p.map
        .zone(z)
        .and_then(|d| p.map.sectors().get(d.sector.index()))
        .map_or_else(String::new, |s| s.name.clone())
}

/// The questions that pick a zone: its sector, then the zone.
fn pick_zone(p: &ConquestPresenter, view: &View, z: ZoneId, question: &str) -> [Facet; 2] {
    [
        Facet::new(format!("{question} First, in which sector?"), sector(p, z)),
        Facet::new(question, zone_label(p, view, z)),
    ]
}

fn your_leader(p: &ConquestPresenter, view: &View) -> String {
    leader_name(view, p.you)
}

fn your_mode(p: &ConquestPresenter, view: &View) -> Mode {
    view.players
        .get(p.you.index())
        .map_or(Mode::Robot, |v| v.mode)
}

/// `Vos Sky Wheel (joins Blackrock Quarry now)`.
fn piece_label(p: &ConquestPresenter, view: &View, piece: PieceId) -> String {
    let at = view.pieces.get(piece.index()).copied().unwrap_or(0);
    format!(
        "{} (joins {} now)",
        p.words.piece(piece),
        p.words.piece_links(piece, at)
    )
}

/// `join Vos Foundry (and open its secret factory)`.
fn position_label(p: &ConquestPresenter, piece: PieceId, position: u8) -> String {
    let opens: Vec<&str> = p
        .map
        .piece(piece)
        .and_then(|pc| pc.positions.get(usize::from(position)))
        .map(|pos| pos.opens.iter().map(|z| p.zone(z)).collect())
        .unwrap_or_default();
    let open = if opens.is_empty() {
        String::new()
    } else {
        format!(", opening the secret factory of {}", opens.join(" and "))
    };
    format!("join {}{open}", p.words.piece_links(piece, position))
}

fn card_answer(card: Option<Card>) -> String {
    match card {
        None => "no card".to_string(),
        Some(c) => format!("{c} ({})", card_effect(c)),
    }
}

fn robots_answer(robots: u8, dice: bool) -> String {
    if dice {
        format!("{} ({})", count(robots, "robot"), count(robots, "die"))
    } else {
        count(robots, "robot")
    }
}

/// What the first question of a phase offers for `Done`.
fn done_answer(view: &View) -> &'static str {
    match decision(view) {
        Some(Decision::Morph) => "go on to the attack phase",
        Some(Decision::Attack) => "stop attacking: go on to the backup phase",
        Some(Decision::Backup { .. }) => "end your turn",
        _ => "done",
    }
}

/// The questions of a guided choice for one option.
pub(super) fn facets(p: &ConquestPresenter, action: &Action, view: &View) -> Vec<Facet> {
    let what = "What now?";
    let leader = your_leader(p, view);
    let leader_fights = |with: bool, question: &str| {
        let answer = if with {
            format!(
                "yes, {leader} too ({})",
                leader_effect(
                    view.players
                        .get(p.you.index())
                        .map_or(variant_conquest::Leader::OptimusPrime, |v| v.leader),
                    Mode::Robot
                )
            )
        } else {
            "no, only ordinary robots".to_string()
        };
        Facet::new(question, answer)
    };
    match *action {
        Action::Place(z) => {
            let (first, question) = match decision(view) {
                Some(Decision::Claim) => ("claim an empty zone", "Which empty zone do you claim?"),
                _ => ("place a robot", "On which of your zones?"),
            };
            let [s, zone] = pick_zone(p, view, z, question);
            vec![Facet::new(what, first), s, zone]
        }
        Action::Play { card, target } => {
            let first = Facet::new(what, format!("play {card} ({})", card_effect(card)));
            match target {
                Target::None => vec![first],
                Target::Zone(z) => {
                    let [s, zone] = pick_zone(p, view, z, &format!("Where does {leader} jump?"));
                    vec![first, s, zone]
                }
                Target::Piece { piece, position } => vec![
                    first,
                    Facet::new("Which piece of the map?", piece_label(p, view, piece)),
                    Facet::new(
                        format!("Shift the {} to:", p.words.piece(piece)),
                        position_label(p, piece, position),
                    ),
                ],
            }
        }
        Action::Transform => {
            let to = your_mode(p, view).other();
            vec![Facet::new(
                what,
                format!(
                    "transform {leader} to {to} mode ({})",
                    leader_effect(
                        view.players
                            .get(p.you.index())
                            .map_or(variant_conquest::Leader::OptimusPrime, |v| v.leader),
                        to
                    )
                ),
            )]
        }
        Action::Done => vec![Facet::new(what, done_answer(view))],
        Action::Attack {
            from,
            to,
            dice,
            leader: with,
            card,
        } => {
            vec![
                Facet::new(what, "attack a neighbouring enemy zone"),
                Facet::new(
                    "Attack from which of your zones?",
                    zone_label(p, view, from),
                ),
                Facet::new("Attack which zone?", zone_label(p, view, to)),
                Facet::new(
                    "With how many robots? (one die each; one robot stays behind)",
                    robots_answer(dice, true),
                ),
                leader_fights(with, &format!("Does {leader} fight among them?")),
                Facet::new("Play an attack card with it?", card_answer(card)),
            ]
        }
        Action::Defend {
            dice,
            leader: with,
            card,
        } => vec![
            Facet::new(
                "Defend with how many robots? (one die each)",
                robots_answer(dice, true),
            ),
            leader_fights(with, &format!("Does {leader} fight among them?")),
            Facet::new("Play a defence card?", card_answer(card)),
        ],
        Action::MoveIn {
            robots,
            leader: with,
        } => {
            let into = match decision(view) {
                Some(Decision::MoveIn { to, .. }) => p.zone(to).to_string(),
                _ => "the zone".to_string(),
            };
            vec![
                Facet::new(
                    format!("How many robots move into {into}?"),
                    robots_answer(robots, false),
                ),
                Facet::new(
                    format!("Does {leader} go with them?"),
                    if with { "yes" } else { "no" },
                ),
            ]
        }
        Action::Backup {
            from,
            to,
            robots,
            leader: with,
        } => vec![
            Facet::new(what, "move robots between your zones (backup)"),
            Facet::new("Move from which zone?", zone_label(p, view, from)),
            Facet::new("Move to which zone?", zone_label(p, view, to)),
            Facet::new("How many robots?", robots_answer(robots, false)),
            Facet::new(
                format!("Does {leader} go with them?"),
                if with { "yes" } else { "no" },
            ),
        ],
    }
}

/// An option as one sentence.
pub(super) fn label(p: &ConquestPresenter, action: &Action, view: &View) -> String {
    let facets = facets(p, action, view);
    let answers: Vec<&str> = facets
        .iter()
        .map(|f| f.answer.as_str())
        .filter(|a| !a.starts_with("no") && *a != "yes")
        .collect();
    match *action {
        Action::Place(z) => match decision(view) {
            Some(Decision::Claim) => format!("claim {}", zone_label(p, view, z)),
            _ => format!("place a robot on {}", zone_label(p, view, z)),
        },
        _ => answers.join(", "),
    }
}

/// The question of a decision, with what it is about.
pub(super) fn question(p: &ConquestPresenter, decision: &Decision, view: &View) -> String {
    let z = |id: ZoneId| p.zone(id).to_string();
    match *decision {
        Decision::Claim => {
            "Setup: claim an empty zone with one of your robots (the players take turns)."
                .to_string()
        }
        Decision::SetupPlace { left } => format!(
            "Setup: put one of your robots on a zone you hold ({} still to place; \
             the players take turns).",
            count(left, "robot")
        ),
        Decision::Place { robots } => format!(
            "Day {}, place phase: you have {} to place on your zones (a zone's name \
             and `x{robots}` places them all there).",
            view.round,
            count(robots, "robot")
        ),
        Decision::Morph => format!(
            "Day {}, morph phase: transform {} (now in {} mode), play a map or Transwarp card, \
             or go on.",
            view.round,
            your_leader(p, view),
            your_mode(p, view)
        ),
        Decision::Attack => format!(
            "Day {}, attack phase: attack a neighbouring enemy zone, or stop.",
            view.round
        ),
        Decision::Defend {
            attacker,
            from,
            to,
            dice,
            leader,
            card,
        } => {
            let with = p.words.fighting(leader, card, attacker, true);
            let robots = view.zones.get(to.index()).map_or(0, |s| s.robots);
            format!(
                "{} attacks your {} ({} there) from {} with {}{with}. How do you defend?",
                leader_name(view, attacker),
                z(to),
                count(robots, "robot"),
                z(from),
                count(dice, "robot")
            )
        }
        Decision::MoveIn { from, to } => format!(
            "You captured {}: move robots in from {} (one must stay behind in {}).",
            z(to),
            z(from),
            z(from)
        ),
        Decision::Backup { moves } => format!(
            "Day {}, backup phase: {} left: move robots between neighbouring zones you hold, \
             or end your turn.",
            view.round,
            count(moves, "move")
        ),
    }
}
