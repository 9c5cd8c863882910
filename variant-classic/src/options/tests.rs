use super::*;

#[test]
fn the_data_file_lists_every_card_once_in_enum_order() {
    let table = parse(DATA).unwrap();
    assert_eq!(table.len(), 52);
    for (i, e) in table.iter().enumerate() {
        assert_eq!(e.card as usize, i);
        assert_eq!(e.card.entry(), Some(e));
        assert!(!e.effect.is_empty(), "{} has no effect", e.card);
    }
}

#[test]
fn classes_and_payloads_read_from_the_data() {
    assert_eq!(OptionCard::AblativeCoat.payload(), 3);
    assert_eq!(OptionCard::BigGun.class(), Class::OptionalWeapon);
    assert_eq!(OptionCard::BigGun.payload(), 5);
    assert_eq!(OptionCard::RearLaser.class(), Class::AdditionalWeapon);
    assert_eq!(
        OptionCard::DoubleBarrelLaser.class(),
        Class::LaserModification
    );
    assert_eq!(OptionCard::Shield.class(), Class::TurnProgrammed);
    assert_eq!(OptionCard::MineLayer.class(), Class::PhaseProgrammed);
    assert_eq!(OptionCard::Brakes.class(), Class::RunTime);
    assert_eq!(OptionCard::Brakes.payload(), 0);
    let count = |c: Class| OptionCard::ALL.iter().filter(|o| o.class() == c).count();
    assert_eq!(count(Class::PhaseProgrammed), 13);
    assert_eq!(count(Class::AdditionalWeapon), 1);
    assert_eq!(count(Class::LaserModification), 3);
}

#[test]
fn names_read_back() {
    for c in OptionCard::ALL {
        assert_eq!(c.to_string().parse::<OptionCard>(), Ok(c));
    }
    assert_eq!("robo-copter".parse(), Ok(OptionCard::RoboCopter));
    assert!("Laser Cannon".parse::<OptionCard>().is_err());
}

#[test]
fn bad_data_is_a_typed_error() {
    let e = parse("Brakes | run-time | 0\n").unwrap_err();
    assert_eq!(e.line, 1);
    let e = parse("Brakes | sometimes | 0 | x\n").unwrap_err();
    assert!(e.problem.contains("class"), "{e}");
    let e = parse("Brakes | run-time | 0 | x\n").unwrap_err();
    assert!(e.problem.contains("missing"), "{e}");
}
