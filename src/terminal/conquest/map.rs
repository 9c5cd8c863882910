//! The conquest map as text: the zones sector by sector, with who holds
//! each, its robots and what stands or opens there.

use crate::words::count;
use robo_core::PlayerId;
use std::fmt::Write as _;
use variant_conquest::{Leader, Map, View, ZoneId, ZoneKind};

/// Characters of one column of the map.
const COLUMN: usize = 37;

/// What the marks after a zone's robots mean.
pub const MAP_KEY: &str = "\
marks: L the holder's leader stands there   P the Launch Pad
       F an open secret factory (f closed)   ~ a shifting piece   * yours";

/// A leader's short name for the map's owner column: `Optimus`.
fn short(leader: Leader) -> &'static str {
    match leader {
        Leader::OptimusPrime => "Optimus",
        Leader::Bumblebee => "Bumblebee",
        Leader::Megatron => "Megatron",
        Leader::Barricade => "Barricade",
    }
}

fn zone_line(map: &Map, view: &View, z: ZoneId) -> String {
    let name = map.zone_name(z);
    let state = view.zones.get(z.index()).copied().unwrap_or_default();
    let owner = state
        .owner
        .and_then(|p| view.players.get(p.index()).map(|v| (p, v)));
    let holder = match owner {
        Some((p, v)) if p == view.viewer => format!("{}*", short(v.leader)),
        Some((_, v)) => short(v.leader).to_string(),
        None => "--".to_string(),
    };
    let mut marks = String::new();
    if owner.is_some_and(|(_, v)| v.leader_at == Some(z)) {
        marks.push('L');
    }
    match map.zone(z).map(|d| d.kind) {
        Some(ZoneKind::LaunchPad) => marks.push('P'),
        Some(ZoneKind::Factory) if view.open_factories.contains(z) => marks.push('F'),
        Some(ZoneKind::Factory) => marks.push('f'),
        Some(ZoneKind::Shifting) => marks.push('~'),
        _ => {}
    }
    let robots = if state.owner.is_some() {
        state.robots.to_string()
    } else {
        String::new()
    };
    format!("  {name:<17} {holder:<10}{robots:>3} {marks:<3}")
}

fn sector_block(map: &Map, view: &View, s: usize) -> Vec<String> {
    let Some(sector) = map.sectors().get(s) else {
        return Vec::new();
    };
    let owners: Vec<Option<PlayerId>> = sector
        .zones
        .iter()
        .map(|z| view.zones.get(z.index()).and_then(|st| st.owner))
        .collect();
    let whole = match owners.first() {
        Some(Some(p)) if owners.iter().all(|o| *o == Some(*p)) => view
            .players
            .get(p.index())
            .map(|v| format!(", all {}'s", short(v.leader)))
            .unwrap_or_default(),
        _ => String::new(),
    };
    let mut lines = vec![format!("{} (+{}{whole})", sector.name, sector.bonus)];
    lines.extend(sector.zones.iter().map(|z| zone_line(map, view, z)));
    lines
}

/// The map of `view` as text: a header with the day and every player's
/// counts, then the zones sector by sector (two sectors side by side when
/// `width` allows 78 columns), each with its holder (`*` marks the
/// viewer's), its robots and its marks ([`MAP_KEY`]), then where the
/// shifting pieces stand and which secret factories are open.
///
/// ```
/// use robo_core::{Game, PlayerId};
/// use roborally::terminal::draw_map;
/// use variant_conquest::{Conquest, Setup};
/// let game = Conquest::new(Setup::for_players(2), 1).unwrap();
/// let text = draw_map(game.map(), &game.view(PlayerId(0)), 80);
/// assert!(text.contains("Iacon (+3)"));
/// assert!(text.contains("Launch Pad"));
/// assert!(text.lines().all(|l| l.chars().count() <= 80));
/// ```
#[must_use]
pub fn draw_map(map: &Map, view: &View, width: usize) -> String {
    let mut out = String::new();
    let whose = view
        .players
        .get(view.turn.index())
        .map_or_else(String::new, |p| p.leader.to_string());
    if view.round == 0 {
        let _ = writeln!(out, "{}, setup: {whose} to place.", map.name());
    } else {
        let _ = writeln!(
            out,
            "{}, day {} of {}: {whose}'s turn.",
            map.name(),
            view.round,
            view.rounds
        );
    }
    for (i, p) in view.players.iter().enumerate() {
        let you = if i == view.viewer.index() {
            ", you"
        } else {
            ""
        };
        let out_now = if p.out { ", wiped out" } else { "" };
        let leader = if p.leader_at.is_some() {
            format!("{} mode", p.mode)
        } else {
            "leader fallen".to_string()
        };
        let _ = writeln!(
            out,
            "  P{i} {} ({leader}{you}): {}, {}, {} in supply, {}{out_now}",
            p.leader,
            count(p.zones, "zone"),
            count(p.robots, "robot"),
            p.supply,
            count(p.hand as u32, "card")
        );
    }
    let blocks: Vec<Vec<String>> = (0..map.sectors().len())
        .map(|s| sector_block(map, view, s))
        .collect();
    let side_by_side = width >= 2 * COLUMN + 4;
    for chunk in blocks.chunks(if side_by_side { 2 } else { 1 }) {
        let rows = chunk.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..rows {
            let left = chunk[0].get(r).map_or("", String::as_str);
            let line = match chunk.get(1) {
                Some(right) => {
                    let right = right.get(r).map_or("", String::as_str);
                    format!("{left:<COLUMN$}    {right}")
                }
                None => left.to_string(),
            };
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    let pieces: Vec<String> = map
        .pieces()
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let at = view.pieces.get(i).copied().unwrap_or(0);
            let links: Vec<&str> = piece
                .positions
                .get(usize::from(at))
                .map(|p| p.links.iter().map(|z| map.zone_name(z)).collect())
                .unwrap_or_default();
            format!(
                "{} joins {} ({} of {})",
                piece.name,
                if links.is_empty() {
                    "nothing".to_string()
                } else {
                    links.join(" and ")
                },
                usize::from(at) + 1,
                piece.positions.len()
            )
        })
        .collect();
    if !pieces.is_empty() {
        let _ = writeln!(out, "Shifting pieces:");
        for p in pieces {
            let _ = writeln!(out, "  {p}");
        }
    }
    let factories: Vec<String> = map
        .factories()
        .iter()
        .map(|z| {
            let state = if view.open_factories.contains(z) {
                "open"
            } else {
                "closed"
            };
            format!("{} {state}", map.zone_name(z))
        })
        .collect();
    if !factories.is_empty() {
        let _ = writeln!(out, "Secret factories: {}.", factories.join(", "));
    }
    let _ = writeln!(out, "{MAP_KEY}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use robo_core::Game;
    use variant_conquest::{Conquest, Setup};

    #[test]
    fn every_zone_is_drawn_once_by_name_in_both_widths() {
        let game = Conquest::new(Setup::for_players(4), 2).unwrap();
        let map = game.map();
        for width in [80, 60] {
            let text = draw_map(map, &game.view(PlayerId(2)), width);
            for z in map.all_zones() {
                let name = map.zone_name(z);
                let lines = text
                    .lines()
                    .filter(|l| l.contains(&format!("  {name} ")) && !l.contains(" joins "))
                    .count();
                assert_eq!(lines, 1, "{name} at width {width}");
            }
            assert!(!text.contains("Z1"), "no zone ids");
            assert!(text.contains("P2 Bumblebee (robot mode, you)"));
            assert!(text.contains("Vos Foundry closed"));
            let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(widest <= 80, "{widest} at {width}");
        }
    }

    #[test]
    fn holders_robots_and_leaders_are_shown() {
        let game = Conquest::new(Setup::for_players(2), 2).unwrap();
        // Optimus Prime stands on his start zone with one robot.
        let start = game.map().start(Leader::OptimusPrime);
        let text = draw_map(game.map(), &game.view(PlayerId(0)), 80);
        let name = game.map().zone_name(start).to_string();
        let line = text.lines().find(|l| l.contains(&name)).unwrap();
        let mine = &line[line.find(&name).unwrap()..];
        assert!(
            mine.starts_with(&format!("{name:<17} Optimus*    1 L")),
            "{line}"
        );
        assert!(mine.contains(" L"), "the leader stands there: {line}");
    }
}
