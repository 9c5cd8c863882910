//! The `editions!` macro: from one list of editions, the [`Edition`] enum
//! and every `Any*` type with its delegating [`Game`] impl.
//!
//! [`Edition`]: super::Edition
//! [`Game`]: robo_core::Game

/// Generates, from the list in `editions/mod.rs` (one doc line per
/// entry):
///
/// - `Edition`: every entry, with its serde name, `ALL`, `name()` and
///   `visit()` (a call of a generic function for a playable edition);
/// - `AnySetup`, `AnySetupError`, `AnyAction`, `AnyReason`, `AnyDecision`,
///   `AnyEvent`, `AnyView`, `AnyOutcome` and `AnyGame`: one variant per
///   entry that `plays` a game type, serialised under the entry's name;
/// - `Game for AnyGame`, delegating to the edition's game;
/// - `InAny` for each game type: its way in and out of the `Any*` types.
macro_rules! editions {
    ($(
        #[doc = $doc:literal]
        $variant:ident = $name:literal, $krate:ident $(, plays $game:ty)?;
    )*) => {
        /// The editions of the family, as named in files and on command
        /// lines. Generated from the list in `src/editions/mod.rs`.
        ///
        /// ```
        /// use roborally::Edition;
        /// let e: Edition = "2023".parse().unwrap();
        /// assert_eq!(e, Edition::V2023);
        /// assert_eq!(e.to_string(), "2023");
        /// assert!("chess".parse::<Edition>().is_err());
        /// ```
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum Edition {
            $(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant,
            )*
        }

        const EDITION_COUNT: usize = [$($name),*].len();

        impl Edition {
            /// Every edition, in the order of the list.
            pub const ALL: [Edition; EDITION_COUNT] = [$(Edition::$variant),*];

            /// The short name used in files and on command lines.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Edition::$variant => $name,)*
                }
            }

            /// The name the edition's own crate gives itself (checked
            /// against [`Edition::name`] by a test).
            #[cfg(test)]
            pub(crate) const fn crate_name(self) -> &'static str {
                match self {
                    $(Edition::$variant => $krate::EDITION,)*
                }
            }

            /// Calls `visitor` with the game type of a playable edition;
            /// `None` for an edition that cannot be played yet. Every
            /// registry of the facade (bots, batch runs, races, the
            /// terminal, scenarios) dispatches through this one function.
            #[allow(unreachable_code)]
            pub fn visit<V: $crate::editions::Visit>(self, visitor: V) -> Option<V::Out> {
                match self {
                    $(Edition::$variant => {
                        $(return Some(visitor.visit::<$game>());)?
                    })*
                }
                None
            }
        }

        /// The setup of a game of any playable edition.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum AnySetup {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::Setup),
            )?)*
        }

        /// What a game of any edition waits for.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum AnyDecision {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::Decision),
            )?)*
        }

        /// An event of any edition.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum AnyEvent {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::Event),
            )?)*
        }

        /// A player's view in any edition.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum AnyView {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::View),
            )?)*
        }

        /// The end of a game of any edition.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum AnyOutcome {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::Outcome),
            )?)*
        }

        /// An answer in any edition. Ordered by edition, then by the
        /// edition's order.
        #[derive(
            Clone, Debug, PartialEq, Eq, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        pub enum AnyAction {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(<$game as robo_core::Game>::Action),
            )?)*
        }

        /// A refused setup of any edition.
        #[derive(Clone, Debug, PartialEq, thiserror::Error)]
        pub enum AnySetupError {
            $($(
                #[doc = $doc]
                #[error(transparent)]
                $variant(<$game as robo_core::Game>::SetupError),
            )?)*
        }

        /// An edition's reason for refusing an action.
        #[derive(Clone, Debug, PartialEq, thiserror::Error)]
        pub enum AnyReason {
            $($(
                #[doc = $doc]
                #[error(transparent)]
                $variant(<$game as robo_core::Game>::Reason),
            )?)*
        }

        /// A game of any playable edition.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        pub enum AnyGame {
            $($(
                #[doc = $doc]
                #[serde(rename = $name)]
                $variant(Box<$game>),
            )?)*
        }

        impl AnyGame {
            /// Which edition this is.
            #[must_use]
            pub fn edition(&self) -> Edition {
                match self {
                    $($(AnyGame::$variant(_) => <$game as $crate::editions::InAny>::EDITION,)?)*
                }
            }
        }

        impl AnyGame {
            /// What someone without a seat may see
            /// ([`Playable::public_view`](crate::editions::Playable::public_view)).
            #[must_use]
            pub fn public_view(&self) -> AnyView {
                match self {
                    $($(AnyGame::$variant(g) => AnyView::$variant(
                        <$game as $crate::editions::Playable>::public_view(g),
                    ),)?)*
                }
            }

            /// The period on the clock now
            /// ([`Playable::clock`](crate::editions::Playable::clock)).
            #[must_use]
            pub fn clock(&self) -> Option<u64> {
                match self {
                    $($(AnyGame::$variant(g) => <$game as $crate::editions::Playable>::clock(g),)?)*
                }
            }

            /// What the timed rule plays for `player` when the time runs
            /// out ([`Playable::time_up`](crate::editions::Playable::time_up));
            /// a draft of another edition counts as none.
            #[must_use]
            #[allow(unreachable_patterns)]
            pub fn time_up(
                &self,
                player: robo_core::PlayerId,
                draft: Option<&AnyAction>,
            ) -> Option<AnyAction> {
                match self {
                    $($(AnyGame::$variant(g) => {
                        let draft = match draft {
                            Some(AnyAction::$variant(a)) => Some(a),
                            _ => None,
                        };
                        <$game as $crate::editions::Playable>::time_up(g, player, draft)
                            .map(AnyAction::$variant)
                    })?)*
                }
            }
        }

        impl AnyEvent {
            /// The event as `viewer` may see it (`None`: a spectator), see
            /// [`Playable::event_seen_by`](crate::editions::Playable::event_seen_by).
            #[must_use]
            pub fn seen_by(&self, viewer: Option<robo_core::PlayerId>) -> AnyEvent {
                match self {
                    $($(AnyEvent::$variant(e) => AnyEvent::$variant(
                        <$game as $crate::editions::Playable>::event_seen_by(e, viewer),
                    ),)?)*
                }
            }

            /// The milestone the event marks, if any.
            #[must_use]
            pub fn milestone(&self) -> Option<$crate::editions::Milestone> {
                match self {
                    $($(AnyEvent::$variant(e) => <$game as $crate::editions::Playable>::milestone(e),)?)*
                }
            }
        }

        impl AnySetup {
            /// Which edition this is.
            #[must_use]
            pub fn edition(&self) -> Edition {
                match self {
                    $($(AnySetup::$variant(_) => <$game as $crate::editions::InAny>::EDITION,)?)*
                }
            }

            /// Switches on the edition's timed rule
            /// ([`Playable::timed`](crate::editions::Playable::timed)).
            ///
            /// # Errors
            /// [`NewGameError::NoTimer`](crate::editions::NewGameError::NoTimer)
            /// for an edition without a timed rule; the setup is unchanged.
            pub fn timed(&mut self) -> Result<(), $crate::editions::NewGameError> {
                match self {
                    $($(AnySetup::$variant(s) => <$game as $crate::editions::Playable>::timed(s),)?)*
                }
            }
        }

        impl robo_core::protocol::Outcome for AnyOutcome {
            fn winners(&self) -> smallvec::SmallVec<[robo_core::PlayerId; 4]> {
                match self {
                    $($(AnyOutcome::$variant(o) => {
                        <<$game as robo_core::Game>::Outcome as robo_core::protocol::Outcome>::winners(o)
                    })?)*
                }
            }
        }

        impl robo_core::Game for AnyGame {
            type Setup = AnySetup;
            type SetupError = AnySetupError;
            type Action = AnyAction;
            type Reason = AnyReason;
            type Decision = AnyDecision;
            type Event = AnyEvent;
            type View = AnyView;
            type Outcome = AnyOutcome;

            fn new(setup: AnySetup, seed: u64) -> Result<Self, AnySetupError> {
                Ok(match setup {
                    $($(AnySetup::$variant(s) => AnyGame::$variant(Box::new(
                        <$game as robo_core::Game>::new(s, seed).map_err(AnySetupError::$variant)?,
                    )),)?)*
                })
            }

            fn num_players(&self) -> usize {
                match self {
                    $($(AnyGame::$variant(g) => <$game as robo_core::Game>::num_players(g),)?)*
                }
            }

            fn pending(&self) -> robo_core::Pending<AnyDecision, AnyOutcome> {
                match self {
                    $($(AnyGame::$variant(g) => $crate::any::map_pending(
                        <$game as robo_core::Game>::pending(g),
                        AnyDecision::$variant,
                        AnyOutcome::$variant,
                    ),)?)*
                }
            }

            fn apply_into(
                &mut self,
                player: robo_core::PlayerId,
                action: AnyAction,
                events: &mut Vec<AnyEvent>,
            ) -> Result<(), robo_core::ActionError<AnyReason>> {
                #[allow(unreachable_patterns)]
                match (self, action) {
                    $($(
                        (AnyGame::$variant(g), AnyAction::$variant(a)) => {
                            $crate::any::apply_edition::<$game, _>(
                                g.as_mut(), player, a, events, AnyEvent::$variant,
                            )
                            .map_err(|e| $crate::any::map_error(e, AnyReason::$variant))
                        }
                    )?)*
                    (game, _) => Err(robo_core::ActionError::WrongDecision {
                        expected: format!("an action of the {} edition", game.edition()),
                    }),
                }
            }

            fn view(&self, player: robo_core::PlayerId) -> AnyView {
                match self {
                    $($(AnyGame::$variant(g) => {
                        AnyView::$variant(<$game as robo_core::Game>::view(g, player))
                    })?)*
                }
            }

            fn legal_actions(
                &self,
                player: robo_core::PlayerId,
                out: &mut Vec<AnyAction>,
            ) -> robo_core::Legal {
                match self {
                    $($(AnyGame::$variant(g) => $crate::any::legal_edition::<$game, _>(
                        g, player, out, AnyAction::$variant,
                    ),)?)*
                }
            }

            fn sample_action(
                &self,
                player: robo_core::PlayerId,
                rng: &mut robo_core::Rng,
            ) -> Option<AnyAction> {
                match self {
                    $($(AnyGame::$variant(g) => {
                        <$game as robo_core::Game>::sample_action(g, player, rng)
                            .map(AnyAction::$variant)
                    })?)*
                }
            }

            fn check_invariants(&self) -> Result<(), String> {
                match self {
                    $($(AnyGame::$variant(g) => <$game as robo_core::Game>::check_invariants(g),)?)*
                }
            }
        }

        $($(
            #[allow(unreachable_patterns)]
            impl $crate::editions::InAny for $game {
                const EDITION: Edition = Edition::$variant;

                fn into_any(self) -> AnyGame {
                    AnyGame::$variant(Box::new(self))
                }

                fn in_any(any: &AnyGame) -> Option<&Self> {
                    match any {
                        AnyGame::$variant(g) => Some(g),
                        _ => None,
                    }
                }

                fn take_any(any: AnyGame) -> Result<Self, AnyGame> {
                    match any {
                        AnyGame::$variant(g) => Ok(*g),
                        other => Err(other),
                    }
                }

                fn any_setup(setup: Self::Setup) -> AnySetup {
                    AnySetup::$variant(setup)
                }

                fn any_setup_error(error: Self::SetupError) -> AnySetupError {
                    AnySetupError::$variant(error)
                }

                fn any_action(action: Self::Action) -> AnyAction {
                    AnyAction::$variant(action)
                }

                fn action_in(action: AnyAction) -> Option<Self::Action> {
                    match action {
                        AnyAction::$variant(a) => Some(a),
                        _ => None,
                    }
                }

                fn event_in(event: &AnyEvent) -> Option<&Self::Event> {
                    match event {
                        AnyEvent::$variant(e) => Some(e),
                        _ => None,
                    }
                }

                fn view_in(view: &AnyView) -> Option<&Self::View> {
                    match view {
                        AnyView::$variant(v) => Some(v),
                        _ => None,
                    }
                }

                fn decision_in(decision: &AnyDecision) -> Option<&Self::Decision> {
                    match decision {
                        AnyDecision::$variant(d) => Some(d),
                        _ => None,
                    }
                }

                fn outcome_in(outcome: &AnyOutcome) -> Option<&Self::Outcome> {
                    match outcome {
                        AnyOutcome::$variant(o) => Some(o),
                        _ => None,
                    }
                }
            }
        )?)*
    };
}
