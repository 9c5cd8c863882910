//! The core random-playout harness on this edition.

use robo_core::harness::{check_playouts, PlayoutConfig};
use variant_2023::testkit::simple_course;
use variant_2023::{Race, Setup};

#[test]
fn random_playouts_keep_every_protocol_promise() {
    let config = PlayoutConfig::new(12, 6000);
    let report = check_playouts::<Race>(config, |rng| {
        let mut s = Setup::new(simple_course(), 2 + rng.below(5) as u8);
        s.max_rounds = Some(4);
        s
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.finished, report.games);
}
