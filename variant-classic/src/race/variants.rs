//! The variant rules of the option cards and of the game's end that the
//! setup switches on by name (`race --option NAME`, scenario files'
//! `options`): each a flag of [`Variants`], read where its rule acts.

use serde::{Deserialize, Serialize};

/// The variant rules a game is played with (all off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Variants {
    /// Immortality: a destroyed robot loses no life.
    #[serde(default)]
    pub immortality: bool,
    /// Bio-Bots: every robot acts as if it held a Bio Option that cannot
    /// be lost; the Bio Option card leaves the option deck.
    #[serde(default)]
    pub bio_bots: bool,
    /// Turbo Wrenches: a robot ending the turn on a one-wrench repair site
    /// may take an option instead of the repair.
    #[serde(default)]
    pub turbo_wrenches: bool,
    /// The first edition's double-tool repair site: two repairs or an
    /// option, its owner's choice, instead of a repair and an option.
    #[serde(default)]
    pub first_edition_double_tool: bool,
    /// Deluxe Option Package: each robot keeps one of the options it is
    /// dealt before the first turn (the setup deals three).
    #[serde(default)]
    pub deluxe: bool,
    /// Scavenger Hunt I or II: each flag holds a pile of options, one per
    /// robot; a robot reaching a flag the first time takes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scavenger_hunt: Option<super::ScavengerHunt>,
}

impl Variants {
    /// No variant rule (left out of saves).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        *self == Variants::default()
    }
}

impl super::Race {
    /// The variant rules this game is played with.
    #[must_use]
    pub fn variants(&self) -> Variants {
        self.variants
    }
}
