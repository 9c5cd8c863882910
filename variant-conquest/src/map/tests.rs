use super::*;

const TINY: &str = "\
map Tiny
sector North | 2
sector South | 1
zone A | North | launch-pad | B, C
zone B | North | ordinary | A, D
zone C | South | factory | A, D
zone D | South | ordinary | B, C
zone E | South | shifting | D
zone F | North | ordinary | A
piece Wheel | rotating | E
position Wheel | F
position Wheel | C | C
start Optimus Prime | A
start Bumblebee | B
start Megatron | C
start Barricade | D
";

fn tiny() -> MapData {
    // E and F need fixed links to stay connected in every position.
    let mut d = text::parse(TINY).unwrap();
    d.zones[3].neighbours.push("E".into());
    d.zones[4].neighbours = vec!["D".into()];
    d.zones[0].neighbours.push("F".into());
    d
}

#[test]
fn the_default_map_has_the_published_scale() {
    let map = Map::cybertron().unwrap();
    assert_eq!(map.name(), "Cybertron");
    assert_eq!(map.zone_count(), 42);
    assert_eq!(map.sectors().len(), 6);
    assert!(map.sectors().iter().all(|s| s.zones.len() == 7));
    assert_eq!(map.factories().len(), 2);
    let rotating = map
        .pieces()
        .iter()
        .filter(|p| p.kind == PieceKind::Rotating)
        .count();
    let sliding = map
        .pieces()
        .iter()
        .filter(|p| p.kind == PieceKind::Sliding)
        .count();
    assert_eq!((rotating, sliding), (2, 2));
    let starts: ZoneSet = Leader::ALL.iter().map(|&l| map.start(l)).collect();
    assert_eq!(starts.len(), 4);
    assert_eq!(map.zone(map.launch_pad()).unwrap().name, "Launch Pad");
    // Closed at the start, and some position opens each factory.
    assert!(map.open_factories(&[0, 0, 0, 0]).is_empty());
    assert_eq!(map.open_factories(&[0, 0, 1, 1]), map.factories());
}

#[test]
fn the_default_map_round_trips_through_both_formats() {
    let map = Map::cybertron().unwrap();
    let printed = text::print(map.data());
    assert_eq!(&text::parse(&printed).unwrap(), map.data());
    let json = serde_json::to_string(map.data()).unwrap();
    let back: MapData = serde_json::from_str(&json).unwrap();
    assert_eq!(Map::from_data(back).unwrap(), *map);
}

#[test]
fn pieces_change_neighbours() {
    let map = Map::cybertron().unwrap();
    let wheel = map.find_zone("Vos Sky Wheel").unwrap();
    let foundry = map.find_zone("Vos Foundry").unwrap();
    let (vi, _) = map
        .pieces()
        .iter()
        .enumerate()
        .find(|(_, p)| p.zone == wheel)
        .unwrap();
    let mut pos = vec![0u8; 4];
    assert!(!map.adjacency(&pos)[wheel.index()].contains(foundry));
    pos[vi] = 1;
    let adj = map.adjacency(&pos);
    assert!(adj[wheel.index()].contains(foundry));
    assert!(adj[foundry.index()].contains(wheel));
    assert!(map.open_factories(&pos).contains(foundry));
    // Adjacency is symmetric in every position.
    for (i, n) in adj.iter().enumerate() {
        for z in *n {
            assert!(adj[z.index()].contains(ZoneId(i as u8)));
        }
    }
}

#[test]
fn steps_of_pieces() {
    let map = Map::cybertron().unwrap();
    for p in map.pieces() {
        match p.kind {
            PieceKind::Rotating => {
                assert_eq!(p.steps_from(0).to_vec(), vec![1, 3]);
                assert_eq!(p.steps_from(3).to_vec(), vec![0, 2]);
            }
            PieceKind::Sliding => {
                assert_eq!(p.steps_from(0).to_vec(), vec![1]);
                assert_eq!(p.steps_from(1).to_vec(), vec![0]);
            }
        }
    }
}

#[test]
fn a_small_map_loads() {
    let map = Map::from_data(tiny()).unwrap();
    assert_eq!(map.zone_count(), 6);
    assert_eq!(map.start(Leader::Megatron), ZoneId(2));
    assert_eq!(map.sectors()[0].zones.len(), 3);
}

fn fails(d: MapData) -> MapError {
    Map::from_data(d).unwrap_err()
}

#[test]
fn bad_maps_are_refused_with_the_reason() {
    let mut d = tiny();
    d.zones[1].neighbours.retain(|n| n != "A");
    assert_eq!(
        fails(d),
        MapError::Asymmetric {
            from: "A".into(),
            to: "B".into()
        }
    );

    let mut d = tiny();
    d.zones[1].neighbours.push("Q".into());
    assert!(matches!(fails(d), MapError::Unknown { ref name, .. } if name == "Q"));

    let mut d = tiny();
    d.zones[1].sector = "West".into();
    assert!(matches!(fails(d), MapError::Unknown { ref what, .. } if what == "sector"));

    let mut d = tiny();
    d.zones[1].name = "A".into();
    assert!(matches!(fails(d), MapError::Duplicate { .. }));

    let mut d = tiny();
    d.zones[1].kind = ZoneKind::LaunchPad;
    assert_eq!(fails(d), MapError::LaunchPads(2));

    let mut d = tiny();
    d.zones[1].neighbours.push("B".into());
    assert_eq!(fails(d), MapError::SelfLink("B".into()));

    let mut d = tiny();
    d.starts.pop();
    assert!(matches!(
        fails(d),
        MapError::Start {
            leader: Leader::Barricade,
            ..
        }
    ));

    let mut d = tiny();
    d.starts[3].zone = "A".into();
    assert!(matches!(
        fails(d),
        MapError::Start {
            leader: Leader::Barricade,
            ..
        }
    ));

    let mut d = tiny();
    d.pieces[0].positions.truncate(1);
    assert_eq!(fails(d), MapError::Positions("Wheel".into()));

    let mut d = tiny();
    d.pieces[0].positions[0].opens.push("C".into());
    assert!(matches!(fails(d), MapError::Factory { .. }));

    let mut d = tiny();
    d.pieces[0].positions[1].opens.push("D".into());
    assert!(matches!(fails(d), MapError::NotAFactory { .. }));

    let mut d = tiny();
    d.pieces[0].positions[1].opens.clear();
    assert!(matches!(fails(d), MapError::Factory { .. }));

    let mut d = tiny();
    d.zones[4].kind = ZoneKind::Ordinary;
    assert!(matches!(fails(d), MapError::Shifting { .. }));

    let mut d = tiny();
    d.sectors.push(SectorData {
        name: "Empty".into(),
        bonus: 1,
    });
    assert_eq!(fails(d), MapError::EmptySector("Empty".into()));

    let mut d = tiny();
    d.zones[2].name = "C|D".into();
    assert!(matches!(fails(d), MapError::BadName { .. }));

    let mut d = tiny();
    d.zones.truncate(1);
    assert!(matches!(fails(d), MapError::ZoneCount { count: 1, .. }));
}

#[test]
fn a_zone_reachable_only_through_a_piece_is_refused() {
    // F hangs on the wheel alone: in position 1 it is cut off.
    let mut d = tiny();
    d.zones[0].neighbours.retain(|n| n != "F");
    d.zones[5].neighbours.clear();
    match fails(d) {
        MapError::Disconnected { positions, zone } => {
            assert_eq!(positions, vec![1]);
            assert_eq!(zone, "F");
        }
        e => panic!("{e}"),
    }
}

#[test]
fn syntax_errors_name_the_line() {
    let e = text::parse("map X\nzone A | S\n").unwrap_err();
    assert!(matches!(e, MapError::Syntax { line: 2, .. }), "{e}");
    let e = text::parse("map X\nsector S | lots\n").unwrap_err();
    assert!(matches!(e, MapError::Syntax { line: 2, .. }));
    let e = text::parse("map X\n\nteleporter A\n").unwrap_err();
    assert!(matches!(e, MapError::Syntax { line: 3, .. }));
    let e = text::parse("map X\nposition W | A\n").unwrap_err();
    assert!(matches!(e, MapError::Syntax { line: 2, .. }));
    let e = text::parse("map X\nstart Starscream | A\n").unwrap_err();
    assert!(e.to_string().contains("Starscream"));
    assert!(matches!(
        text::parse("sector S | 1\n"),
        Err(MapError::Syntax { .. })
    ));
}

#[test]
fn handles_serialise_as_their_source() {
    let map = Map::cybertron().unwrap();
    assert_eq!(serde_json::to_string(&map).unwrap(), "\"cybertron\"");
    let back: MapHandle = serde_json::from_str("\"cybertron\"").unwrap();
    assert_eq!(back, map);
    let custom = MapHandle::new(Map::from_data(tiny()).unwrap());
    let json = serde_json::to_string(&custom).unwrap();
    let back: MapHandle = serde_json::from_str(&json).unwrap();
    assert_eq!(back, custom);
    let mut broken = tiny();
    broken.zones[1].neighbours.clear();
    let json = serde_json::to_string(&MapSource::Custom(broken)).unwrap();
    assert!(serde_json::from_str::<MapHandle>(&json).is_err());
}
