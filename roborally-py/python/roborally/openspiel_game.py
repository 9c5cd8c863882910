"""OpenSpiel faces: one game per edition, registered with
``pyspiel.register_game`` when this module is imported:
``python_roborally_2023``, ``python_roborally_classic``,
``python_roborally_transformers``, ``python_roborally_conquest``.

Simultaneous-move, imperfect-information games whose chance is sampled
inside the engine: each ``new_initial_state()`` starts a game with the
next seed of a generator seeded by the ``seed`` parameter (so the same
parameters give the same sequence of games, and the same actions replay
the same game). ``python_roborally_<edition>_fixed_seed`` are the
deterministic twins: every initial state is the game of the ``seed``
parameter itself, one fixed deal of the decks (see
:data:`FIXED_SEED_GAMES` for why they exist). Every seat asked
answers at a simultaneous node; a seat with nothing to decide has the
single legal action 0 (wait); when one seat alone is asked the node is
that seat's. Actions are menu entries (``docs/python.md``); the
observation and information-state tensors are the seat's observation.
"""

import numpy as np
import pyspiel

from ._native import Table, max_seats

_MAX_GAME_LENGTH = 100_000
_MENU = 64


def _params(edition):
    return {
        "players": 2,
        "seed": 0,
        "max_rounds": 0 if edition == "conquest" else 20,
        "menu": _MENU,
        "course": "",
        "full_information": False,
    }


def _table(edition, params, seed):
    settings = {"menu": params["menu"], "full_information": params["full_information"]}
    if params["max_rounds"] > 0:
        settings["max_rounds"] = params["max_rounds"]
    if params["course"]:
        settings["course"] = params["course"]
    return Table(edition, players=params["players"], seed=seed, **settings)


class _Observer:
    """The PyObserver of a seat: ``tensor`` is its observation."""

    def __init__(self, length):
        self.tensor = np.zeros(length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.table.observe(player)

    def string_from(self, state, player):
        return state.table.view_json(player)


def _make(edition, sampled=True):
    params = _params(edition)
    suffix = "" if sampled else "_fixed_seed"
    game_type = pyspiel.GameType(
        short_name=f"python_roborally_{edition}{suffix}",
        long_name=f"Robo Rally ({edition})",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=(
            pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
            if sampled
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_seats(edition) if edition != "conquest" else 4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    class Game(pyspiel.Game):
        """A Robo Rally game for OpenSpiel."""

        def __init__(self, params=None):
            params = {**_params(edition), **(params or {})}
            self.settings = params
            # The sampled game's chance: one game seed per initial state.
            self._seeds = np.random.default_rng(params["seed"])
            probe = _table(edition, params, params["seed"])
            self.obs_len = probe.obs_len
            super().__init__(
                game_type,
                pyspiel.GameInfo(
                    num_distinct_actions=params["menu"],
                    max_chance_outcomes=0,
                    num_players=params["players"],
                    min_utility=-1.0,
                    max_utility=1.0,
                    utility_sum=None,
                    max_game_length=_MAX_GAME_LENGTH,
                ),
                params,
            )

        def new_initial_state(self):
            if sampled:
                seed = int(self._seeds.integers(0, 2**63 - 1))
            else:
                seed = self.settings["seed"]
            return State(self, seed)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(self.obs_len)

    class State(pyspiel.State):
        """A position: the native table inside."""

        def __init__(self, game, seed):
            super().__init__(game)
            self.table = _table(edition, game.settings, seed)

        def current_player(self):
            if self.table.is_over():
                return pyspiel.PlayerId.TERMINAL
            asked = self.table.asked()
            if len(asked) == 1:
                return asked[0]
            return pyspiel.PlayerId.SIMULTANEOUS

        def _legal_actions(self, player):
            n = self.table.menu_len(player)
            return list(range(n)) if n else [0]

        def _apply_action(self, action):
            self.table.step_one(self.table.asked()[0], int(action))

        def _apply_actions(self, actions):
            self.table.step([int(a) for a in actions])

        def _action_to_string(self, player, action):
            # Drawn entries can repeat an action: the entry's number keeps
            # the strings distinct, as OpenSpiel asks.
            if player >= 0 and self.table.menu_len(player) > action:
                return f"{action}: {self.table.entry(player, action)[1]}"
            return f"{action}: wait"

        def is_terminal(self):
            return self.table.is_over()

        def returns(self):
            return self.table.returns()

        def rewards(self):
            return self.table.returns()

        def __str__(self):
            return self.table.text()

    name = f"Roborally{edition.capitalize()}{'' if sampled else 'FixedSeed'}"
    Game.__name__ = Game.__qualname__ = f"{name}Game"
    State.__name__ = State.__qualname__ = f"{name}State"
    pyspiel.register_game(game_type, Game)
    return Game


_EDITIONS = ("2023", "classic", "transformers", "conquest")

#: The registered game classes, by edition.
GAMES = {e: _make(e) for e in _EDITIONS}

#: The deterministic twins: every initial state is the game of the
#: ``seed`` parameter, so all chance (the decks, the dice) is fixed by the
#: parameters and the actions. They exist for what a sampled-chance game
#: written in Python cannot do in pyspiel: ``pyspiel.serialize_game_and_state``
#: (and the serializing part of ``pyspiel.random_sim_test``) writes a
#: sampled-chance game's generator state through ``Game.GetRNGState``,
#: which pyspiel does not let a Python game provide; and OpenSpiel's
#: solvers that refuse sampled chance accept a deterministic game.
#: ``state.serialize()`` and ``game.deserialize_state`` work on both.
FIXED_SEED_GAMES = {e: _make(e, sampled=False) for e in _EDITIONS}


def load_game(edition="2023", fixed_seed=False, **params):
    """``pyspiel.load_game`` of the edition's game with ``params``
    (``fixed_seed``: its deterministic twin)."""
    suffix = "_fixed_seed" if fixed_seed else ""
    return pyspiel.load_game(f"python_roborally_{edition}{suffix}", params)
