//! Tests of the grid geometry.
use super::*;

#[test]
fn four_rights_make_a_circle_and_left_undoes_right() {
    for d in Dir::ALL {
        let mut e = d;
        for _ in 0..4 {
            e = e.turn(Turn::Right);
        }
        assert_eq!(e, d);
        assert_eq!(d.turn(Turn::Right).turn(Turn::Left), d);
        assert_eq!(d.turn(Turn::UTurn), d.opposite());
        assert_ne!(d.opposite(), d);
        assert_eq!(d.turn_to(d.left()), Some(Turn::Left));
        assert_eq!(d.turn_to(d.right()), Some(Turn::Right));
        assert_eq!(d.turn_to(d.opposite()), Some(Turn::UTurn));
        assert_eq!(Dir::from_arrow(d.arrow()), Some(d));
        assert_eq!(d.to_string().parse::<Dir>(), Ok(d));
    }
}

#[test]
fn step_and_back_is_identity() {
    let p = Pos::new(-3, 7);
    for d in Dir::ALL {
        assert_eq!(p.step(d).step(d.opposite()), p);
        assert_eq!(p.distance(p.offset(d, 4)), 4);
        assert_eq!(p.direction_to(p.offset(d, 2)), Some(d));
    }
    assert_eq!(p.direction_to(p), None);
}

#[test]
fn left_and_right_sides_of_a_facing() {
    assert_eq!(Dir::N.left(), Dir::W);
    assert_eq!(Dir::N.right(), Dir::E);
    assert_eq!(Dir::S.left(), Dir::E);
    assert_eq!(Dir::W.right(), Dir::N);
}

#[test]
fn rotating_a_position_four_times_in_a_square_returns_it() {
    let p = Pos::new(1, 4);
    let mut q = p;
    for _ in 0..4 {
        q = q.rotated_cw(6);
    }
    assert_eq!(q, p);
    // the top-left corner goes to the top-right corner
    assert_eq!(Pos::new(0, 0).rotated_cw(6), Pos::new(5, 0));
}

#[test]
fn parse_errors_name_the_input() {
    let e = "Q".parse::<Dir>().unwrap_err();
    assert!(e.to_string().contains("`Q`"));
    assert!("x".parse::<Turn>().is_err());
    assert_eq!("u".parse::<Turn>(), Ok(Turn::UTurn));
}
