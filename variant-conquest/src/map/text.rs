//! The line format of maps: one definition per line, fields separated by
//! `|`, lists by `,`; `#` starts a comment line.
//!
//! ```text
//! map <name>
//! sector <name> | <bonus>
//! zone <name> | <sector> | <kind> | <neighbour>, <neighbour>, ...
//! piece <name> | rotating|sliding | <zone>
//! position <piece> | <linked zone>, ... | <opened factory>, ...
//! start <leader> | <zone>
//! ```
//!
//! Kinds are `ordinary`, `launch-pad`, `factory` and `shifting`. A piece's
//! positions are its `position` lines in order; the first is where it
//! starts. [`parse`] reads the format into [`MapData`]; [`print()`] writes it
//! back, and `parse(print(d)) == d`.
//!
//! ```
//! use variant_conquest::map::text;
//! let data = text::parse("map Tiny\nsector S | 1\nzone A | S | launch-pad | B\nzone B | S | ordinary | A\n").unwrap();
//! assert_eq!(data.zones.len(), 2);
//! assert_eq!(text::parse(&text::print(&data)).unwrap(), data);
//! ```

use super::{
    MapData, MapError, PieceData, PieceKind, PositionData, SectorData, StartData, ZoneData,
    ZoneKind,
};
use crate::faction::Leader;
use std::fmt::Write as _;

fn err(line: usize, message: impl Into<String>) -> MapError {
    MapError::Syntax {
        line,
        message: message.into(),
    }
}

fn list(field: &str) -> Vec<String> {
    field
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn fields<'a>(
    line: usize,
    rest: &'a str,
    min: usize,
    max: usize,
    what: &str,
) -> Result<Vec<&'a str>, MapError> {
    let f: Vec<&str> = rest.split('|').map(str::trim).collect();
    if f.len() < min || f.len() > max {
        let want = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(err(
            line,
            format!(
                "`{what}` takes {want} fields separated by `|`, found {}",
                f.len()
            ),
        ));
    }
    Ok(f)
}

/// Reads a map in the line format (unvalidated: see [`crate::Map::from_data`]).
///
/// # Errors
/// [`MapError::Syntax`] with the 1-based line of the first problem.
pub fn parse(text: &str) -> Result<MapData, MapError> {
    let mut data = MapData {
        name: String::new(),
        sectors: Vec::new(),
        zones: Vec::new(),
        pieces: Vec::new(),
        starts: Vec::new(),
    };
    let mut named = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (keyword, rest) = trimmed
            .split_once(char::is_whitespace)
            .unwrap_or((trimmed, ""));
        let rest = rest.trim();
        match keyword {
            "map" => {
                if named {
                    return Err(err(line, "the map is named twice"));
                }
                if rest.is_empty() {
                    return Err(err(line, "`map` needs a name"));
                }
                data.name = rest.to_string();
                named = true;
            }
            "sector" => {
                let f = fields(line, rest, 2, 2, "sector")?;
                let bonus = f[1]
                    .parse()
                    .map_err(|_| err(line, format!("bonus `{}` is not a number 0-255", f[1])))?;
                data.sectors.push(SectorData {
                    name: f[0].to_string(),
                    bonus,
                });
            }
            "zone" => {
                let f = fields(line, rest, 3, 4, "zone")?;
                let kind = ZoneKind::from_word(f[2]).ok_or_else(|| {
                    err(
                        line,
                        format!(
                            "unknown zone kind `{}` (ordinary, launch-pad, factory, shifting)",
                            f[2]
                        ),
                    )
                })?;
                let neighbours = f.get(3).map(|s| list(s)).unwrap_or_default();
                data.zones.push(ZoneData {
                    name: f[0].to_string(),
                    sector: f[1].to_string(),
                    kind,
                    neighbours,
                });
            }
            "piece" => {
                let f = fields(line, rest, 3, 3, "piece")?;
                let kind = match f[1] {
                    "rotating" => PieceKind::Rotating,
                    "sliding" => PieceKind::Sliding,
                    other => {
                        return Err(err(
                            line,
                            format!("unknown piece kind `{other}` (rotating, sliding)"),
                        ))
                    }
                };
                data.pieces.push(PieceData {
                    name: f[0].to_string(),
                    kind,
                    zone: f[2].to_string(),
                    positions: Vec::new(),
                });
            }
            "position" => {
                let f = fields(line, rest, 1, 3, "position")?;
                let piece = data
                    .pieces
                    .iter_mut()
                    .find(|p| p.name == f[0])
                    .ok_or_else(|| {
                        err(
                            line,
                            format!(
                                "position of unknown piece `{}` (define the piece first)",
                                f[0]
                            ),
                        )
                    })?;
                let links = f.get(1).map(|s| list(s)).unwrap_or_default();
                let opens = f.get(2).map(|s| list(s)).unwrap_or_default();
                piece.positions.push(PositionData { links, opens });
            }
            "start" => {
                let f = fields(line, rest, 2, 2, "start")?;
                let leader: Leader = f[0].parse().map_err(|e| err(line, format!("{e}")))?;
                data.starts.push(StartData {
                    leader,
                    zone: f[1].to_string(),
                });
            }
            other => {
                return Err(err(
                    line,
                    format!(
                        "unknown keyword `{other}` (map, sector, zone, piece, position, start)"
                    ),
                ))
            }
        }
    }
    if !named {
        return Err(err(text.lines().count().max(1), "no `map <name>` line"));
    }
    Ok(data)
}

/// Writes map data in the line format.
#[must_use]
pub fn print(data: &MapData) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "map {}", data.name);
    for sector in &data.sectors {
        let _ = writeln!(s, "sector {} | {}", sector.name, sector.bonus);
    }
    for z in &data.zones {
        let _ = writeln!(
            s,
            "zone {} | {} | {} | {}",
            z.name,
            z.sector,
            z.kind.word(),
            z.neighbours.join(", ")
        );
    }
    for p in &data.pieces {
        let _ = writeln!(s, "piece {} | {} | {}", p.name, p.kind.word(), p.zone);
        for pos in &p.positions {
            let _ = writeln!(
                s,
                "position {} | {} | {}",
                p.name,
                pos.links.join(", "),
                pos.opens.join(", ")
            );
        }
    }
    for st in &data.starts {
        let _ = writeln!(s, "start {} | {}", st.leader, st.zone);
    }
    s
}
